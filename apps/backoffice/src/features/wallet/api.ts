import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type UpdateWalletSettingsRequest, walletSettingsResponseSchema } from '@wps/contracts/wallet';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export type WalletSettings = z.infer<typeof walletSettingsResponseSchema>['value'];

export const walletSettingsQueryKey = ['wallet-settings'] as const;

/**
 * The brand's wallet settings, among them the second-approval amount: a manual adjustment or a withdrawal
 * above it needs a second staff member's approval (four eyes).
 */
export const useWalletSettings = () =>
  useQuery({
    queryKey: walletSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest('/wallet-settings', walletSettingsResponseSchema, { signal }),
  });

/** Saves the settings (admins only; the server refuses anyone else). */
export const useSaveWalletSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UpdateWalletSettingsRequest) =>
      apiRequest('/wallet-settings', walletSettingsResponseSchema, { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(walletSettingsQueryKey, saved);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};

const decimalPattern = /^[-+]?\d+(\.\d+)?$/;

/** Whether a decimal amount (signed or not) is above another, exactly (no floating point); false if either is not one. */
export const isAboveAmount = (amount: string, limit: string): boolean => {
  if (!decimalPattern.test(amount) || !decimalPattern.test(limit)) return false;
  const parse = (decimal: string, scale: number): bigint => {
    const [whole = '0', fraction = ''] = decimal.replace(/^[-+]/, '').split('.');
    return BigInt(`${whole || '0'}${fraction.padEnd(scale, '0')}`);
  };
  const decimals = (decimal: string) => decimal.split('.')[1]?.length ?? 0;
  const scale = Math.max(decimals(amount), decimals(limit));
  return parse(amount, scale) > parse(limit, scale);
};
