import type {
  loginRequestSchema,
  resumedSessionResponseSchema,
  sessionResponseSchema,
  SessionValue,
} from '@wps/contracts/auth';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type LoginBody = z.input<typeof loginRequestSchema>;

export const login = (body: LoginBody): Promise<SessionValue> =>
  apiRequest<ResponseValue<typeof sessionResponseSchema>>('/session/login', {
    method: 'POST',
    body,
    isEncrypted: true,
  });

export const loginFreePlay = (): Promise<SessionValue> =>
  apiRequest<ResponseValue<typeof sessionResponseSchema>>('/session/login/freeplay', {
    method: 'POST',
    body: { platform: 'W' },
  });

/** The server reads its own httpOnly session cookie; null when this browser has no live session. */
export const resumeRememberedSession = (): Promise<SessionValue | null> =>
  apiRequest<ResponseValue<typeof resumedSessionResponseSchema>>('/session/remembered', { method: 'POST' });

/** Social sign-in starts on the server, which redirects to the provider and back with a token. */
export const socialLoginStartPath = (provider: 'google' | 'facebook'): string =>
  `/wps/session/social/${provider}/start`;
