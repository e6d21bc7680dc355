// zod's tree-shakable API: the web build's config bundles this file.
import { z } from 'zod/mini';

/**
 * dist/route-preloads.json: written by the web build (apps/web/route-preloads.ts), read by the API
 * to add `<link rel="modulepreload">` to a page's HTML (apps/api's spa-preloads.ts). One schema, so
 * the writer and the reader cannot drift apart.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export const routePreloadsSchema = z.object({
  pages: z.array(
    z.object({
      /** The page's URL, `$name` for a parameter (one segment). */
      path: z.string(),
      /** A page the app shows without a session (`staticData.isPublic`, on the page or a layout above it). */
      public: z.boolean(),
      /** The loaders' scripts, with what they import, relative to dist/: the page's data requests wait for them. */
      loaders: z.array(z.string()),
      /** The other scripts and style sheets of the page (components, pending, error…), as `loaders`. */
      files: z.array(z.string()),
    }),
  ),
});
export type RoutePreloads = z.infer<typeof routePreloadsSchema>;

/**
 * The read every page under `/pets/{uuid}` starts with: its loader needs the pet before anything else
 * (an unknown pet is the 404 page), and the URL alone names it, so the page's HTML asks for it beside
 * the session check, before index.js runs (apps/api's spa-preloads.ts). The web app's read of the pet
 * uses this path too: Chrome hands a preloaded response only to a fetch of the very same URL.
 */
export const petReadPath = (uuid: string) => `/v1/pets/${uuid}`;
