import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emptySuccessSchema } from '@wps/contracts/auth';
import {
  memberVipLevelResponseSchema,
  type SetMemberVipLevelBody,
  type VipLevelAdmin,
  type VipLevelBody,
  vipLevelListResponseSchema,
  vipLevelResponseSchema,
} from '@wps/contracts/loyalty-vip';
import { apiRequest } from '../../lib/api-client';

/** A level's icon: the same operator upload as a promotion's picture; the level keeps its id. */
export { useUploadPromotionImage as useUploadVipLevelIcon } from '../promotions/api';

export type { SetMemberVipLevelBody, VipLevelAdmin, VipLevelBody };

const vipLevelsKey = ['loyalty', 'vip-levels'] as const;

/** The brand's VIP levels, by rank, with how many members hold each. */
export const useVipLevels = () =>
  useQuery({
    queryKey: vipLevelsKey,
    queryFn: ({ signal }) => apiRequest('/loyalty/vip-levels', vipLevelListResponseSchema, { signal }),
  });

/** Creates a level (no id) or replaces one; admins. */
export const useSaveVipLevel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: VipLevelBody }) =>
      apiRequest(
        id === null ? '/loyalty/vip-levels' : `/loyalty/vip-levels/${encodeURIComponent(id)}`,
        vipLevelResponseSchema,
        { method: id === null ? 'POST' : 'PUT', body },
      ),
    onSettled: () =>
      Promise.all([vipLevelsKey, ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};

/** Deletes a level no member holds; admins. */
export const useDeleteVipLevel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/loyalty/vip-levels/${encodeURIComponent(id)}`, emptySuccessSchema, { method: 'DELETE' }),
    onSettled: () =>
      Promise.all([vipLevelsKey, ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};

/** Sets a member's level by hand, with a reason (audited). */
export const useSetMemberVipLevel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetMemberVipLevelBody) =>
      apiRequest('/loyalty/vip-member-levels', memberVipLevelResponseSchema, { method: 'POST', body }),
    onSettled: () =>
      Promise.all([vipLevelsKey, ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
