import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { sitePromotionListResponseSchema } from '@wps/contracts/promotions';
import { apiRequest } from '../../../lib/api-client';
import type { SiteLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/use-session-storage';
import { useContentLanguage } from '../../content/api/content-query-keys';

export type SitePromotionList = ResponseValue<typeof sitePromotionListResponseSchema>;
export type SitePromotion = SitePromotionList['list'][number];

/** Every query of the promotions page starts with this (a claim refreshes them). */
export const promotionsQueryKeyPrefix = ['promotions', 'site'] as const;

export const getPromotions = (language: SiteLanguage, signal?: AbortSignal): Promise<SitePromotionList> =>
  apiRequest<SitePromotionList>('/promotions', { query: { language }, signal });

/** Keyed by language and by who asks (a guest and a member see different availability). */
export const getPromotionsQueryOptions = (language: SiteLanguage, token: string | null) =>
  queryOptions({
    queryKey: [...promotionsQueryKeyPrefix, language, token] as const,
    queryFn: ({ signal }) => getPromotions(language, signal),
  });

/** `/promotions`: the brand's live and coming-soon promotions in the site's language. */
export const usePromotions = () => {
  const language = useContentLanguage();
  const token = useSessionToken();
  return useQuery(getPromotionsQueryOptions(language, token));
};
