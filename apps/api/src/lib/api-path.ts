/** The `/v1` API, as opposed to the dashboard's pages and assets served beside it. */
export function isApiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/');
}
