import {
  type CSSVariablesResolver,
  darken,
  defaultCssVariablesResolver,
  luminance,
  type MantineTheme,
} from '@mantine/core';

/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;
/** Mantine's lightest grey, the page background of the signed-in screens. */
const PAGE_GREY = '#f8f9fa';

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour itself when it reads on `background`, else the least darkening of it that does. */
export function readableOn(color: string, background: string): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = step === 0 ? color : darken(color, step * 0.04);
    if (contrastRatio(candidate, background) >= MIN_CONTRAST) return candidate;
  }
  return darken(color, 0.8);
}

/**
 * Mantine's light-scheme palette variables, with every text-bearing one brought to 4.5:1:
 * a filled badge or button's colour against its white label and against the grey page (the
 * `-text` colour of `c="red"` is the same variable), and a light badge's label against its tint. Only
 * the colours that fail are darkened, and only as far as needed, so the palette keeps its look.
 */
export const contrastResolver: CSSVariablesResolver = (theme: MantineTheme) => {
  const defaults = defaultCssVariablesResolver(theme);
  const light: Record<string, string> = { ...defaults.light };
  for (const [name, shades] of Object.entries(theme.colors)) {
    const filledShade = shades[7];
    const tint = shades[1];
    const deepest = shades[9];
    if (!filledShade || !tint || !deepest) continue;
    const filled = readableOn(filledShade, PAGE_GREY);
    if (filled !== filledShade) {
      light[`--mantine-color-${name}-filled`] = filled;
      light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
      light[`--mantine-color-${name}-outline`] = filled;
    }
    const lightColor = readableOn(deepest, tint);
    if (lightColor !== deepest) light[`--mantine-color-${name}-light-color`] = lightColor;
  }
  return { ...defaults, light };
};
