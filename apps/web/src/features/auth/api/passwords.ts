import type { changePasswordRequestSchema, forgotPasswordByPhoneRequestSchema } from '@wps/contracts/auth';
import { sessionResponseSchema, type SessionValue } from '@wps/contracts/auth';
import { successEnvelope } from '@wps/contracts/envelope';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

// These answers carry nothing the site reads beyond success.
const acknowledgementSchema = successEnvelope(z.unknown());

export const changePassword = async (body: z.input<typeof changePasswordRequestSchema>): Promise<void> => {
  await apiRequest('/member/password', acknowledgementSchema, { method: 'POST', body, isEncrypted: true });
};

/** The spec sends this one form-encoded; the new password goes to the account's email. */
export const resetPasswordByEmail = async (form: { username: string; email: string }): Promise<void> => {
  await apiRequest('/member/password/email', acknowledgementSchema, { method: 'POST', form });
};

/** Sets the new password with the SMS code and logs the member in (spec section 4, Forgot password). */
export const resetPasswordByPhone = (
  body: z.input<typeof forgotPasswordByPhoneRequestSchema>,
): Promise<SessionValue> =>
  apiRequest('/member/password/verification', sessionResponseSchema, {
    method: 'POST',
    body,
    isEncrypted: true,
  });
