import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateRequest } from '@wps/contracts/member-account';
import { apiRequest } from '../../../lib/api-client';
import { type Account, applyAccountChange } from './get-account';

/**
 * Only the fields sent change; an empty string clears one (never the nickname, nor a real name once set). The
 * answer is the account as it is now.
 */
export const updateProfile = (body: ProfileUpdateRequest): Promise<Account> =>
  apiRequest<Account>('/member/account/profile', { method: 'PUT', body });

/** Saves the profile; the security centre shows the answer, and the nickname the site shows elsewhere loads again. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (account) => applyAccountChange(queryClient, account),
  });
};
