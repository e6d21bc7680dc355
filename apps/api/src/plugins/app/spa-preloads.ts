import fs from 'node:fs';
import path from 'node:path';
import { petReadPath, ROUTE_PRELOADS_FILE, routePreloadsSchema } from '@vetboard/contract';

interface Page {
  segments: string[];
  public: boolean;
  loaders: string[];
  files: string[];
}

const isParam = (segment: string) => segment.startsWith('$');

/**
 * A signed-in page's first request after index.js is the guard's session check; asked from the HTML it
 * starts before index.js is even parsed. Chrome hands the response to the app's fetch only when URL, mode
 * and credentials match: apps/web's http client asks `/v1/auth/vet` in CORS mode with `same-origin`
 * credentials, which is what `crossorigin` (anonymous) means. Otherwise the check would be fetched twice.
 */
const SESSION_CHECK = '<link rel="preload" as="fetch" crossorigin href="/v1/auth/vet">';

/** A pet id as the API writes it; anything else is the web app's 404 or an id it asks for as typed. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A pet page's first read, named by its URL (`petReadPath`): asked from the HTML, the pet arrives while
 * index.js downloads and runs instead of one round trip after it. Same mode and credentials as the
 * session check. Only for a lowercase id, which goes into the HTML as it is.
 */
function petRead(segments: string[]): string {
  const [first, uuid] = segments;
  if (first !== 'pets' || uuid === undefined || !UUID.test(uuid)) return '';
  return `<link rel="preload" as="fetch" crossorigin href="${petReadPath(uuid)}">`;
}

/**
 * The page's HTML for a URL, with `<link rel="modulepreload">` for the route scripts of the page it
 * shows. A route's split loader is imported only when the loader runs, after the session check
 * answered: listed in the HTML, it and the route's other chunks download beside index.js instead of one
 * round trip after another. Plain index.html when the build has no map (an older build).
 */
export function pageHtml(webDistDir: string, indexHtml: string): (url: string, signedIn: boolean) => string {
  const file = path.join(webDistDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return () => indexHtml;
  const pages: Page[] = routePreloadsSchema
    .parse(JSON.parse(fs.readFileSync(file, 'utf8')))
    .pages.map((page) => ({ ...page, segments: page.path.split('/').filter(Boolean) }));

  const matches = (page: Page, segments: string[]) =>
    page.segments.length === segments.length &&
    page.segments.every((segment, i) => isParam(segment) || segment === segments[i]);
  // As the router ranks them: at the first segment where two pages differ, a fixed one beats a parameter
  // (`/checkups/pools` is the pools page, not a checkup whose id is "pools").
  const moreSpecific = (a: Page, b: Page) => {
    const differs = a.segments.findIndex((segment, i) => isParam(segment) !== isParam(b.segments[i] ?? ''));
    return differs >= 0 && !isParam(a.segments[differs] ?? '');
  };

  const htmlOf = new Map<Page, string>();
  return (url, signedIn) => {
    const segments = (url.split(/[?#]/, 1)[0] ?? '').split('/').filter(Boolean);
    let page: Page | undefined;
    for (const candidate of pages) {
      if (matches(candidate, segments) && (!page || moreSpecific(candidate, page))) page = candidate;
    }
    // Signed out, a private page only redirects to the login: its scripts would be downloaded for nothing.
    if (!page || (!signedIn && !page.public)) return indexHtml;
    let html = htmlOf.get(page);
    if (html === undefined) {
      // `crossorigin` as Vite writes it on index.js and on the style sheets it adds: a preload in another
      // mode would not be reused.
      const link = (asset: string, priority: string) =>
        asset.endsWith('.css')
          ? `<link rel="preload" as="style"${priority} crossorigin href="/${encodeURI(asset)}">`
          : `<link rel="modulepreload"${priority} crossorigin href="/${encodeURI(asset)}">`;
      // The loaders at the priority of index.js: the page's data requests wait for them. The rest only
      // runs after index.js, so it must not take the connections and bandwidth index.js and its style
      // sheet need for the first paint (HTTP/1.1, six connections).
      const links = [
        ...(page.public ? [] : [SESSION_CHECK]),
        ...page.loaders.map((asset) => link(asset, '')),
        ...page.files.map((asset) => link(asset, ' fetchpriority="low"')),
      ].join('');
      html = indexHtml.replace('</head>', `${links}</head>`);
      htmlOf.set(page, html);
    }
    // After the session check (which every data read waits for) and before the route scripts.
    const data = page.public ? '' : petRead(segments);
    return data ? html.replace(SESSION_CHECK, SESSION_CHECK + data) : html;
  };
}
