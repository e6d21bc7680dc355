/** Query keys whose values grant access (signed links, tokens) and so must never reach a log. */
const SECRET_QUERY_KEY = /signature|token|secret|password|code|key|auth/i;
/** Page paths that carry a token in the path itself. */
const SECRET_PATH = /^(\/reset-password\/)[^/?#]+/;

/** The URL as request logs may show it: secret query values and path tokens replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathPart = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(SECRET_PATH, '$1[redacted]');
  if (queryStart === -1) return pathPart;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawKey = equals === -1 ? pair : pair.slice(0, equals);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replaceAll('+', ' '));
      } catch {
        // A malformed escape is still logged as sent, but its value is never trusted to be harmless.
        return equals === -1 ? pair : `${rawKey}=[redacted]`;
      }
      return equals !== -1 && SECRET_QUERY_KEY.test(key) ? `${rawKey}=[redacted]` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}
