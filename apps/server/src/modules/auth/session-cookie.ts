import type { FastifyReply, FastifyRequest } from 'fastify';
import { authLimits } from './auth-limits';

/**
 * The browser's copy of its member session, so a second tab is signed in too (issue 30, point 4). The site keeps
 * the token in session storage (spec section 3), which every tab has on its own; a new tab asks
 * `POST /wps/session/remembered`, which reads this cookie and hands the token back. httpOnly (no script reads
 * it), SameSite=Strict (no other site's page sends it) and only on /wps/session (no other route receives it).
 * A member who chose to be remembered gets it for the spec's 24 hours; anyone else gets a browser-session
 * cookie (no Max-Age: it ends with the browser), and the session's own 2-hour idle and 12-hour limits still apply.
 */
export const sessionCookie = 'wps_session';
const sessionCookiePath = '/wps/session';

export const setSessionCookie = (
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  isRemembered: boolean,
) =>
  reply.setCookie(sessionCookie, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: sessionCookiePath,
    ...(isRemembered ? { maxAge: Math.floor(authLimits.rememberedLifetimeMs / 1000) } : {}),
  });

export const clearSessionCookie = (reply: FastifyReply) =>
  reply.clearCookie(sessionCookie, { path: sessionCookiePath });
