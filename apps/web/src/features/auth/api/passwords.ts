import type {
  changePasswordRequestSchema,
  completePasswordResetRequestSchema,
  forgotPasswordByPhoneRequestSchema,
  sessionResponseSchema,
} from '@wps/contracts/auth';
import type { SessionValue } from '@wps/contracts/auth';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const changePassword = async (body: z.input<typeof changePasswordRequestSchema>): Promise<void> => {
  await apiRequest<unknown>('/member/password', { method: 'POST', body, isEncrypted: true });
};

/**
 * The spec sends this one form-encoded; when the username and email match, the account's email receives a link
 * to choose a new password (the answer is the same when they do not).
 */
export const resetPasswordByEmail = async (form: { username: string; email: string }): Promise<void> => {
  await apiRequest<unknown>('/member/password/email', { method: 'POST', form });
};

/** The link's second step: its token and the new password; the member then logs in with it. */
export const completePasswordReset = async (
  body: z.input<typeof completePasswordResetRequestSchema>,
): Promise<void> => {
  await apiRequest<unknown>('/member/password/email/complete', { method: 'POST', body, isEncrypted: true });
};

/** Sets the new password with the SMS code and logs the member in (spec section 4, Forgot password). */
export const resetPasswordByPhone = (
  body: z.input<typeof forgotPasswordByPhoneRequestSchema>,
): Promise<SessionValue> =>
  apiRequest<ResponseValue<typeof sessionResponseSchema>>('/member/password/verification', {
    method: 'POST',
    body,
    isEncrypted: true,
  });
