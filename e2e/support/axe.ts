import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ElementContext, Result, RunOptions } from 'axe-core';

/** WCAG 2.1 A and AA (issue #11): what every screen must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AuditScope {
  /** CSS selectors to audit instead of the whole document. */
  include?: string[];
  /** CSS selectors left out. */
  exclude?: string[];
}

/**
 * axe-core's serious and critical WCAG 2.1 AA violations on the page as it stands.
 *
 * axe-core runs in the page itself, injected once per document: the suite audits a hundred-odd screens
 * by moving inside the app, so the page keeps it from screen to screen. `AxeBuilder.analyze()` injects
 * the 500 KB script again on every call and finishes each run in a new blank page; measured on the pet
 * profile and its trackers, medians of 14 audits on a loaded machine: 2.2 s per audit through
 * `AxeBuilder`, 0.25 s in the page. Only a page with frames (the B2B e-mail preview) goes through
 * `AxeBuilder`, which is what audits inside frames, unless the scope leaves its frames out.
 */
export async function blockingViolations(page: Page, scope: AuditScope = {}): Promise<Result[]> {
  await settledAnimations(page);
  const violations = (await hasFramesToAudit(page, scope))
    ? await violationsWithFrames(page, scope)
    : await violationsInPage(page, scope);
  return violations.filter((violation) => violation.impact && BLOCKING.has(violation.impact));
}

/**
 * Whether a frame is left in the audit: a frame the scope excludes (the B2B e-mail preview's, where axe
 * cannot run) is not audited by either way, so the page is audited in itself, as a page without frames
 * is, instead of through `AxeBuilder` (4-7 s per audit of that dialog on a loaded machine, against one).
 */
async function hasFramesToAudit(page: Page, scope: AuditScope): Promise<boolean> {
  for (const frame of page.mainFrame().childFrames()) {
    // A frame gone meanwhile is audited the safe way (AxeBuilder), as before.
    const element = await frame.frameElement().catch(() => undefined);
    if (!element) return true;
    const excluded = await element.evaluate(
      (node, selectors) => selectors.some((selector) => (node as Element).closest(selector) !== null),
      scope.exclude ?? [],
    );
    await element.dispose();
    if (!excluded) return true;
  }
  return false;
}

/** A violation as one readable line per element (at most three), with the colours of a contrast failure. */
export function describeViolation(violation: Result): string[] {
  return violation.nodes.slice(0, 3).map((node) => {
    const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as
      | { fgColor: string; bgColor: string; contrastRatio: number }
      | undefined;
    const where = `${violation.id} (${violation.impact}) at ${node.target.join(' ')} ${node.html.slice(0, 160)}`;
    return contrast
      ? `${where} (${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio})`
      : where;
  });
}

/** The lines of every blocking violation: `expect(await auditLines(page)).toEqual([])` names them all. */
export async function auditLines(page: Page, scope: AuditScope = {}): Promise<string[]> {
  return (await blockingViolations(page, scope)).flatMap(describeViolation);
}

/**
 * A dialog still fading in is read mid-blend (grey text on the overlay's grey): audit the settled screen.
 * Spinners run forever, so only finite transitions and animations are waited for.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

async function violationsInPage(page: Page, scope: AuditScope): Promise<Result[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  // Runtime evaluation, as AxeBuilder injects it: the app's CSP does not apply to it.
  if (!injected) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags, include, exclude }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      let context: ElementContext = document;
      if (include.length > 0) context = { include, exclude };
      else if (exclude.length > 0) context = { exclude };
      // Any frame left in the page is one the scope excludes (hasFramesToAudit): axe is not to wait on it.
      const options: RunOptions = {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      };
      return (await axe.run(context, options)).violations;
    },
    { tags: WCAG_TAGS, include: scope.include ?? [], exclude: scope.exclude ?? [] },
  );
}

async function violationsWithFrames(page: Page, scope: AuditScope): Promise<Result[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of scope.include ?? []) builder = builder.include(selector);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  return (await builder.analyze()).violations;
}
