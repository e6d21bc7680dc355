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
