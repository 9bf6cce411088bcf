import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  bindingCodeResponseSchema,
  emailBindingCodeRequestSchema,
  emailBindingRequestSchema,
  mobileBindingCodeRequestSchema,
  mobileBindingRequestSchema,
} from '@wps/contracts/member-account';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { type Account, applyAccountChange } from './get-account';

/** A code sent: when it expires (minutes), and when another may be asked for (seconds). */
export type BindingCode = ResponseValue<typeof bindingCodeResponseSchema>;

export type MobileBindingCodeBody = z.input<typeof mobileBindingCodeRequestSchema>;
export type MobileBindingBody = z.input<typeof mobileBindingRequestSchema>;
export type EmailBindingCodeBody = z.input<typeof emailBindingCodeRequestSchema>;
export type EmailBindingBody = z.input<typeof emailBindingRequestSchema>;

/** A code by SMS to the number the member wants to bind (not the one bound now). */
export const sendMobileBindingCode = (body: MobileBindingCodeBody): Promise<BindingCode> =>
  apiRequest<BindingCode>('/member/account/mobile/code', { method: 'POST', body });

/** Binds (or replaces) the member's mobile number with the code it received; answers the account. */
export const bindMobile = (body: MobileBindingBody): Promise<Account> =>
  apiRequest<Account>('/member/account/mobile', { method: 'POST', body });

/** A code mailed to the address the member wants to bind. */
export const sendEmailBindingCode = (body: EmailBindingCodeBody): Promise<BindingCode> =>
  apiRequest<BindingCode>('/member/account/email/code', { method: 'POST', body });

/** Binds (or replaces) the member's email address with the code it received; answers the account. */
export const bindEmail = (body: EmailBindingBody): Promise<Account> =>
  apiRequest<Account>('/member/account/email', { method: 'POST', body });

export const useBindMobile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindMobile,
    onSuccess: (account) => applyAccountChange(queryClient, account),
  });
};

export const useBindEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindEmail,
    onSuccess: (account) => applyAccountChange(queryClient, account),
  });
};
