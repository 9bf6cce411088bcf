import type { registerRequestSchema, sessionResponseSchema, SessionValue } from '@wps/contracts/auth';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type RegisterBody = z.input<typeof registerRequestSchema>;

/** PUT register (username) or register/mobile; the account is logged in at once (`login: true`). */
export const register = (mode: 'username' | 'mobile', body: RegisterBody): Promise<SessionValue> =>
  apiRequest<ResponseValue<typeof sessionResponseSchema>>(
    mode === 'mobile' ? '/member/register/mobile' : '/member/register',
    {
      method: 'PUT',
      body,
      isEncrypted: true,
    },
  );
