import type { loginRequestSchema } from '@wps/contracts/auth';
import { sessionResponseSchema, type SessionValue } from '@wps/contracts/auth';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type LoginBody = z.input<typeof loginRequestSchema>;

export const login = (body: LoginBody): Promise<SessionValue> =>
  apiRequest('/session/login', sessionResponseSchema, { method: 'POST', body, isEncrypted: true });

export const loginFreePlay = (): Promise<SessionValue> =>
  apiRequest('/session/login/freeplay', sessionResponseSchema, { method: 'POST', body: { platform: 'W' } });

/** The server reads its own httpOnly 24-hour remember cookie; UNAUTHORIZED when there is none. */
export const resumeRememberedSession = (): Promise<SessionValue> =>
  apiRequest('/session/remembered', sessionResponseSchema, { method: 'POST' });

/** Social sign-in starts on the server, which redirects to the provider and back with a token. */
export const socialLoginStartPath = (provider: 'google' | 'facebook'): string =>
  `/wps/session/social/${provider}/start`;
