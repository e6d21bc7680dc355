import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SendableFile {
  contentType: string;
  size: number;
  sha256: string;
  filename: string;
  cacheControl: string;
  open(): Readable;
}

/** `inline` with the name; one that is not plain ASCII also goes exactly (RFC 6266 / 5987) beside a fallback. */
export function inlineDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '')
    .trim();
  if (ascii === filename) return `inline; filename="${filename}"`;
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii || 'file'}"; filename*=UTF-8''${exact}`;
}

/** RFC 9110: If-None-Match compares weakly, and `*` matches any current representation. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Streams a stored file with its own type (never sniffed by the browser), shown inline, framed only by
 * our own pages (the owner's diet page frames its PDF), validated by its SHA-256: a client that has
 * it gets 304 without a byte of content read.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: SendableFile) {
  const etag = `"${file.sha256}"`;
  reply
    .header('ETag', etag)
    .header('Cache-Control', file.cacheControl)
    .header('X-Content-Type-Options', 'nosniff');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply
    .type(file.contentType)
    .header('Content-Length', file.size)
    .header('Content-Disposition', inlineDisposition(file.filename))
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('Content-Security-Policy', "frame-ancestors 'self'")
    .send(file.open());
}
