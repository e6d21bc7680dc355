import type { FastifyRequest } from 'fastify';

export interface RequestMeta {
  ip: string;
  requestId: string;
  userAgent: string | null;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    requestId: String(request.id),
    userAgent: userAgent ? userAgent.slice(0, 400) : null,
  };
}
