import { z } from 'zod';

/** What the server tells the browser at load time (injected into index.html, never secret). */
export const publicConfigSchema = z.object({
  productName: z.string().min(1),
  callsUrl: z.string().min(1),
  apiBaseUrl: z.string().default('/'),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const defaultPublicConfig: PublicConfig = {
  productName: 'Vetboard',
  callsUrl: 'https://chat.vetboard.example/schedule',
  apiBaseUrl: '/',
};

export const PUBLIC_CONFIG_META_NAME = 'vetboard-config';

export const PUBLIC_CONFIG_PLACEHOLDER = '%VETBOARD_CONFIG%';

function escapeHtmlAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * Fills index.html's `<meta name="vetboard-config">` placeholder: an attribute, not an inline script,
 * because the CSP forbids those. Used by the API server and by `vite dev`.
 */
export function injectPublicConfig(html: string, config: PublicConfig): string {
  return html.replace(PUBLIC_CONFIG_PLACEHOLDER, escapeHtmlAttribute(JSON.stringify(config)));
}
