import type { FastifyRequest } from 'fastify';
import type { AuditOrigin } from './audit.service';

/**
 * Where a request came from, for the audit trail: its address and the client's own name for itself. Request
 * context, so it lives beside the other guards' (a route of any domain reads it, as it reads `staffActorOf`).
 */
export const auditOriginOf = (request: FastifyRequest): AuditOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
