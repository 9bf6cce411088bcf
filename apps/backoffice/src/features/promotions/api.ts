import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  promotionListResponseSchema,
  promotionResponseSchema,
  type Promotion,
  type PromotionBody,
} from '@wps/contracts/promotions';
import {
  memberBonusesResponseSchema,
  type ForfeitBonusRequest,
  type GrantBonusRequest,
  type MemberBonuses,
  type PromotionStatusAction,
} from '@wps/contracts/promotions-admin';
import { uploadResponseSchema } from '@wps/contracts/uploads';
import { apiRequest } from '../../lib/api-client';

export type { MemberBonuses, Promotion, PromotionBody, PromotionStatusAction };

const promotionsKey = ['promotions'] as const;
const memberBonusesKey = ['member-bonuses'] as const;

/** The brand's promotions, every status, newest first. */
export const usePromotions = () =>
  useQuery({
    queryKey: promotionsKey,
    queryFn: ({ signal }) => apiRequest('/promotions', promotionListResponseSchema, { signal }),
  });

const useInvalidating = <Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  keys: readonly unknown[][],
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([...keys, ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};

/** Creates a promotion (no id) or replaces one (admins only; the server checks amounts, dates and kind rules). */
export const useSavePromotion = () =>
  useInvalidating(
    ({ id, body }: { id: string | null; body: PromotionBody }) =>
      id === null
        ? apiRequest('/promotions', promotionResponseSchema, { method: 'POST', body })
        : apiRequest(`/promotions/${encodeURIComponent(id)}`, promotionResponseSchema, {
            method: 'PUT',
            body,
          }),
    [[...promotionsKey]],
  );

/** Uploads a promotion's picture (png, jpg or webp; admins only) and answers the upload, whose id the form keeps. */
export const useUploadPromotionImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('purpose', 'promotion_image');
      form.append('file', file);
      return apiRequest('/uploads', uploadResponseSchema, { method: 'POST', form });
    },
  });

/** Publish (scheduled when the start is ahead), pause, resume or end (final). */
export const useChangePromotionStatus = () =>
  useInvalidating(
    ({ id, action }: { id: string; action: PromotionStatusAction }) =>
      apiRequest(`/promotions/${encodeURIComponent(id)}/status`, promotionResponseSchema, {
        method: 'POST',
        body: { action },
      }),
    [[...promotionsKey]],
  );

const bonusesPath = (username: string) => `/promotions/members/${encodeURIComponent(username)}/bonuses`;

/** A member's active bonus and bonus history. */
export const useMemberBonuses = (username: string) =>
  useQuery({
    queryKey: [...memberBonusesKey, username],
    queryFn: ({ signal }) => apiRequest(bonusesPath(username), memberBonusesResponseSchema, { signal }),
    enabled: username !== '',
  });

/** Grants a bonus under a granted-bonus promotion; `requestId` is one per submission (a retry grants once). */
export const useGrantBonus = () =>
  useInvalidating(
    ({ username, request }: { username: string; request: GrantBonusRequest }) =>
      apiRequest(bonusesPath(username), memberBonusesResponseSchema, { method: 'POST', body: request }),
    [[...memberBonusesKey], ['member-wallet']],
  );

/** Ends the member's active bonus; what is left returns to the house. */
export const useForfeitBonus = () =>
  useInvalidating(
    ({ username, request }: { username: string; request: ForfeitBonusRequest }) =>
      apiRequest(`${bonusesPath(username)}/forfeit`, memberBonusesResponseSchema, {
        method: 'POST',
        body: request,
      }),
    [[...memberBonusesKey], ['member-wallet']],
  );
