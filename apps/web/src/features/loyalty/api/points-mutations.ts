import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  ConvertRequest,
  conversionResponseSchema,
  RedeemRequest,
  redemptionResponseSchema,
} from '@wps/contracts/loyalty-points';
import { apiRequest } from '../../../lib/api-client';
import { rewardsQueryKeyPrefix } from '../../promotions/api/reward-query-keys';
import { refreshWalletQueries } from '../../wallet/api/query-keys';
import { pointsQueryKeyPrefix } from './points-queries';

export type RedeemResult = ResponseValue<typeof redemptionResponseSchema>;
export type ConvertResult = ResponseValue<typeof conversionResponseSchema>;

/**
 * passwordCheck/MCS2_redeemPointReward: sealed with the server's key (the spec's "encrypt" call). The caller
 * keeps one `requestId` per dialog, so a double click or a retry redeems once.
 */
export const redeemPointReward = (request: RedeemRequest, language: string): Promise<RedeemResult> =>
  apiRequest<RedeemResult>('/relay/passwordCheck/MCS2_redeemPointReward', {
    method: 'POST',
    query: { language },
    body: request,
    isEncrypted: true,
  });

export const convertPoints = (request: ConvertRequest): Promise<ConvertResult> =>
  apiRequest<ConvertResult>('/relay/passwordCheck/MCS2_convertPoint', {
    method: 'POST',
    body: request,
    isEncrypted: true,
  });

export const useRedeemPointReward = (language: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RedeemRequest) => redeemPointReward(request, language),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pointsQueryKeyPrefix }),
        // A bonus item lands in the reward centre.
        queryClient.invalidateQueries({ queryKey: rewardsQueryKeyPrefix }),
      ]),
  });
};

export const useConvertPoints = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertPoints,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pointsQueryKeyPrefix }),
        refreshWalletQueries(queryClient),
      ]),
  });
};
