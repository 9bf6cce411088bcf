import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paymentSettingsResponseSchema,
  type updatePaymentSettingsRequestSchema,
} from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export type UpdatePaymentSettings = z.input<typeof updatePaymentSettingsRequestSchema>;

export const paymentSettingsQueryKey = ['payment-settings'] as const;

export const usePaymentSettings = () =>
  useQuery({
    queryKey: paymentSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest('/payment-settings', paymentSettingsResponseSchema, { signal }),
  });

export const useSavePaymentSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UpdatePaymentSettings) =>
      apiRequest('/payment-settings', paymentSettingsResponseSchema, { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentSettingsQueryKey, saved);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};
