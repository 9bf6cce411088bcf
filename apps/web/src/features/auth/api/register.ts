import type { registerRequestSchema } from '@wps/contracts/auth';
import { sessionResponseSchema, type SessionValue } from '@wps/contracts/auth';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type RegisterBody = z.input<typeof registerRequestSchema>;

/** PUT register (username) or register/mobile; the account is logged in at once (`login: true`). */
export const register = (mode: 'username' | 'mobile', body: RegisterBody): Promise<SessionValue> =>
  apiRequest(mode === 'mobile' ? '/member/register/mobile' : '/member/register', sessionResponseSchema, {
    method: 'PUT',
    body,
    isEncrypted: true,
  });
