import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpDevice, helpResponseSchema } from '@wps/contracts/content';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { contentQueryKeys, contentStaleTimeMs } from './content-query-keys';

export type HelpCentre = z.output<typeof helpResponseSchema>['value'];

export const getHelp = (language: string, device: HelpDevice, signal?: AbortSignal): Promise<HelpCentre> =>
  apiRequest<ResponseValue<typeof helpResponseSchema>>('/relay/getHelpV2', {
    query: { lang: language, device },
    signal,
  });

export const getHelpQueryOptions = (language: string, device: HelpDevice) =>
  queryOptions({
    queryKey: [...contentQueryKeys.help, { language, device }],
    queryFn: ({ signal }) => getHelp(language, device, signal),
    staleTime: contentStaleTimeMs,
  });

/** The help centre's sections in the site language (spec section 7: getHelpV2 with lang and device). */
export const useHelp = (language: string, device: HelpDevice) =>
  useQuery(getHelpQueryOptions(language, device));
