import { merchantHeader } from '@wps/contracts/site';
import type { FastifyRequest } from 'fastify';

/**
 * Who is asking: the merchant header the site sends, the host it called, the visitor's address and browser (its
 * User-Agent, cut to 512 characters: the header is the client's to choose).
 */
export type VisitorContext = {
  merchantCode: string | undefined;
  host: string;
  ip: string;
  userAgent?: string;
};

const userAgentMaxLength = 512;

const merchantCodePattern = /^[A-Za-z0-9_-]{1,32}$/;

/** `request.ip` already honours X-Forwarded-For only from the configured trusted proxies. */
export const visitorOf = (request: FastifyRequest): VisitorContext => {
  const header = request.headers[merchantHeader];
  const merchantCode = typeof header === 'string' && header !== '' ? header : undefined;
  return {
    // An ill-formed code can name no brand; keeping it makes the lookup answer BRAND_NOT_FOUND.
    merchantCode: merchantCode && merchantCodePattern.test(merchantCode) ? merchantCode : merchantCode && '!',
    host: request.hostname,
    ip: request.ip,
    ...(request.headers['user-agent']
      ? { userAgent: request.headers['user-agent'].slice(0, userAgentMaxLength) }
      : {}),
  };
};

/**
 * The origin the browser reached the platform at: scheme, host and port. Fastify's `protocol` and `host` honour
 * X-Forwarded-Proto and X-Forwarded-Host only from the configured trusted proxies (trustProxy).
 */
export const requestOriginOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;
