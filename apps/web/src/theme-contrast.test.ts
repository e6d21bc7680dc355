import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';
import { contrastRatio, contrastResolver } from './theme-contrast.ts';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const resolved = contrastResolver(merged);
const light: Record<string, string> = resolved.light;
const variables: Record<string, string> = resolved.variables;

/** Follows `var(--x)` references through the resolved variables to a colour. */
function resolve(value: string): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  if (!reference?.[1]) return value;
  const next = light[reference[1]] ?? variables[reference[1]];
  if (!next) throw new Error(`unresolved ${reference[1]}`);
  return resolve(next);
}

describe('theme contrast (WCAG AA 4.5:1)', () => {
  it('dimmed text and the teal primary read on white and on the grey page', () => {
    for (const background of ['#ffffff', '#f8f9fa']) {
      expect(
        contrastRatio(resolve(light['--mantine-color-dimmed'] ?? ''), background),
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(resolve(light['--mantine-primary-color-filled'] ?? ''), background),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(Object.keys(merged.colors))(
    '%s: filled labels, coloured text and light badges reach 4.5:1',
    (name) => {
      const filled = resolve(light[`--mantine-color-${name}-filled`] ?? '');
      expect(contrastRatio(filled, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(resolve(light[`--mantine-color-${name}-text`] ?? ''), '#f8f9fa'),
      ).toBeGreaterThanOrEqual(4.5);
      const tint = resolve(light[`--mantine-color-${name}-light`] ?? '');
      expect(
        contrastRatio(resolve(light[`--mantine-color-${name}-light-color`] ?? ''), tint),
      ).toBeGreaterThanOrEqual(4.5);
    },
  );
});
