import type { FastifyReply } from 'fastify';

/**
 * Sends a PDF to be shown in the browser, never saved blindly; the dashboard's own pages may frame it
 * (the owner's public diet page shows it in a frame), no other site may.
 */
export function sendInlinePdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${filename}"`)
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('Content-Security-Policy', "frame-ancestors 'self'")
    .send(pdf);
}
