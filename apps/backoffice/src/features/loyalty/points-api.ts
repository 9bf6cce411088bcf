import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminMallItem,
  type AdminRedemption,
  adminMallItemListResponseSchema,
  adminMallItemResponseSchema,
  adminRedemptionListResponseSchema,
  adminRedemptionResponseSchema,
  type LoyaltySettingsBody,
  loyaltySettingsResponseSchema,
  type MallItemBody,
  type PointAdjustmentRequest,
  pointAdjustmentResponseSchema,
  type RedemptionActionRequest,
  type RedemptionStatus,
} from '@wps/contracts/loyalty-points';
import { apiRequest } from '../../lib/api-client';

export type { AdminMallItem, AdminRedemption, LoyaltySettingsBody, MallItemBody, RedemptionStatus };

const mallItemsKey = ['loyalty', 'mall-items'] as const;
const redemptionsKey = ['loyalty', 'redemptions'] as const;
const settingsKey = ['loyalty', 'settings'] as const;

const refresh = (queryClient: ReturnType<typeof useQueryClient>, keys: readonly (readonly string[])[]) =>
  Promise.all([...keys, ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export const useMallItems = () =>
  useQuery({
    queryKey: mallItemsKey,
    queryFn: ({ signal }) => apiRequest('/loyalty/mall-items', adminMallItemListResponseSchema, { signal }),
  });

/** Creates an item (no id) or replaces one; admins. */
export const useSaveMallItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: MallItemBody }) =>
      apiRequest(
        id === null ? '/loyalty/mall-items' : `/loyalty/mall-items/${encodeURIComponent(id)}`,
        adminMallItemResponseSchema,
        { method: id === null ? 'POST' : 'PUT', body },
      ),
    onSettled: () => refresh(queryClient, [mallItemsKey]),
  });
};

export const useRedemptions = (pageNo: number, status: RedemptionStatus | '') =>
  useQuery({
    queryKey: [...redemptionsKey, pageNo, status],
    queryFn: ({ signal }) =>
      apiRequest('/loyalty/redemptions', adminRedemptionListResponseSchema, {
        query: { pageNo, pageSize: 20, ...(status === '' ? {} : { status }) },
        signal,
      }),
  });

/** approve, ship (tracking number), deliver or cancel (points and stock returned). */
export const useRedemptionAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: RedemptionActionRequest }) =>
      apiRequest(`/loyalty/redemptions/${encodeURIComponent(id)}`, adminRedemptionResponseSchema, {
        method: 'POST',
        body: request,
      }),
    onSettled: () => refresh(queryClient, [redemptionsKey, mallItemsKey]),
  });
};

export const usePointSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiRequest('/loyalty/settings', loyaltySettingsResponseSchema, { signal }),
  });

export const useSavePointSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoyaltySettingsBody) =>
      apiRequest('/loyalty/settings', loyaltySettingsResponseSchema, { method: 'PUT', body }),
    onSettled: () => refresh(queryClient, [settingsKey]),
  });
};

export const useAdjustPoints = () =>
  useMutation({
    mutationFn: (body: PointAdjustmentRequest) =>
      apiRequest('/loyalty/points-adjustments', pointAdjustmentResponseSchema, { method: 'POST', body }),
  });
