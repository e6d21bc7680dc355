// zod's tree-shakable API: the dashboard reads this on its first download, before any other schema.
import { z } from 'zod/mini';

/** What the server tells the browser at load time (injected into index.html, never secret). */
export const publicConfigSchema = z.object({
  productName: z.string().check(z.minLength(1)),
  callsUrl: z.string().check(z.minLength(1)),
  apiBaseUrl: z._default(z.string(), '/'),
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
