import {
  defaultPublicConfig,
  PUBLIC_CONFIG_META_NAME,
  type PublicConfig,
  publicConfigSchema,
} from '@vetboard/contract';

/** Parses the server-injected config; anything unreadable (e.g. an unreplaced placeholder) falls back to the defaults. */
export function parsePublicConfig(content: string | null | undefined): PublicConfig {
  if (!content) return defaultPublicConfig;
  try {
    const result = publicConfigSchema.safeParse(JSON.parse(content));
    return result.success ? result.data : defaultPublicConfig;
  } catch {
    return defaultPublicConfig;
  }
}

export function readPublicConfig(doc: Document): PublicConfig {
  return parsePublicConfig(
    doc.querySelector(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`)?.getAttribute('content'),
  );
}

/** Read once: the server writes it into index.html and it cannot change while the page lives. */
export const publicConfig: PublicConfig =
  typeof document === 'undefined' ? defaultPublicConfig : readPublicConfig(document);
