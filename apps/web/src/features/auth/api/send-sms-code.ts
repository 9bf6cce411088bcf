import type { smsResponseSchema } from '@wps/contracts/auth';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';

/** `register` for sign-up; `noLogin` for SMS login and the phone password reset. */
export type SmsPurpose = 'register' | 'noLogin';

/** Sends a code and answers how many minutes it stays valid. */
export const sendSmsCode = async (
  purpose: SmsPurpose,
  body: { countryDialingCode: string; mobileNo: string },
): Promise<number> => {
  const value = await apiRequest<ResponseValue<typeof smsResponseSchema>>(`/verification/sms/${purpose}`, {
    method: 'POST',
    body,
  });
  return value.expiredMinutes;
};
