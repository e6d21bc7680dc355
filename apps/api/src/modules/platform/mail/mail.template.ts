/**
 * One small template for every e-mail: paragraphs and at most one call-to-action link, rendered as
 * both plain text and HTML (escaped), so each mail is multipart and reads well in any client.
 */
export interface EmailContent {
  greeting?: string;
  paragraphs: string[];
  /** A table after the paragraphs (a company's pets and their statuses, a pet's vitals). */
  table?: EmailTable;
  /** Paragraphs after the table. */
  closing?: string[];
  action?: { label: string; url: string };
  /** Smaller text after the action (why you got this mail, what to do if you did not ask). */
  footer?: string[];
}

export interface EmailTable {
  columns: string[];
  rows: string[][];
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderEmail(content: EmailContent, productName: string): { text: string; html: string } {
  const textParts: string[] = [];
  if (content.greeting) textParts.push(content.greeting, '');
  for (const paragraph of content.paragraphs) textParts.push(paragraph, '');
  if (content.table) textParts.push(...tableAsText(content.table));
  for (const paragraph of content.closing ?? []) textParts.push(paragraph, '');
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  for (const line of content.footer ?? []) textParts.push(line);
  textParts.push('', `— ${productName}`);

  const p = (value: string, style = '') => `<p style="margin:0 0 16px;${style}">${escapeHtml(value)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Montserrat,Arial,sans-serif;color:#1f2933;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    content.greeting ? p(content.greeting) : '',
    ...content.paragraphs.map((paragraph) => p(paragraph)),
    content.table ? tableAsHtml(content.table) : '',
    ...(content.closing ?? []).map((paragraph) => p(paragraph)),
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
        p(content.action.url, 'font-size:12px;color:#52606d;word-break:break-all')
      : '',
    ...(content.footer ?? []).map((line) => p(line, 'font-size:12px;color:#52606d')),
    p(productName, 'font-size:12px;color:#52606d'),
    '</div></body></html>',
  ].join('');
  return { text: textParts.join('\n').trim(), html };
}

/** Plain text has no table: each row becomes a block of "Column: value" lines, so long texts stay readable. */
function tableAsText(table: EmailTable): string[] {
  const lines: string[] = [];
  for (const row of table.rows) {
    table.columns.forEach((column, index) => {
      lines.push(`${column}: ${row[index] ?? ''}`);
    });
    lines.push('');
  }
  return lines;
}

function tableAsHtml(table: EmailTable): string {
  const cell = 'padding:8px;border:1px solid #d9e2ec;text-align:left;vertical-align:top';
  const head = table.columns
    .map((column) => `<th scope="col" style="${cell};background:#f0f4f8">${escapeHtml(column)}</th>`)
    .join('');
  const body = table.rows
    .map(
      (row) =>
        `<tr>${row.map((value) => `<td style="${cell};white-space:pre-wrap">${escapeHtml(value)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}
