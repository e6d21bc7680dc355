import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

/** RFC 4180 as the API writes it: a BOM, CRLF line ends, quoted fields with doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Clicks a download link and reads the CSV the browser saved. */
export async function downloadCsv(
  page: Page,
  link: Locator,
): Promise<{ filename: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await download.path();
  return { filename: download.suggestedFilename(), rows: parseCsv(await readFile(file, 'utf8')) };
}

/** The list's "1–25 of 2,034" line, as numbers. */
export async function listSummary(page: Page): Promise<{ first: number; last: number; total: number }> {
  const summary = page.getByTestId('list-summary');
  await expect(summary).toHaveText(/^[\d,]+(–[\d,]+)? of [\d,]+$/);
  const text = (await summary.textContent()) ?? '';
  const numbers = text.match(/[\d,]+/g)?.map((n) => Number(n.replaceAll(',', ''))) ?? [];
  if (numbers.length === 2) return { first: 0, last: 0, total: numbers[1] ?? 0 };
  return { first: numbers[0] ?? 0, last: numbers[1] ?? 0, total: numbers[2] ?? 0 };
}

/** The data rows of a list table (not its header), once the skeleton rows are gone. */
export async function bodyRows(table: Locator): Promise<Locator> {
  await expect(table.getByTestId('skeleton-row')).toHaveCount(0);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  return table.locator('tbody tr');
}

const screenshotsDir =
  process.env.SHOTS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

export const screenViewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

/** A full-page picture for people to look at (`npm run screenshots -w e2e`; SHOTS_DIR moves them). */
export async function shoot(page: Page, name: string, viewport: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(screenshotsDir, `${name}-${viewport}.png`), fullPage: true });
}
