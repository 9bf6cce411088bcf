import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AmlAction,
  type AmlActionBody,
  amlFlagDetailResponseSchema,
  amlFlagListResponseSchema,
  type AmlFlag,
  type AmlFlagDetail,
  type AmlRule,
  type AmlSettings,
  type AmlSettingsBody,
  amlSettingsResponseSchema,
} from '@wps/contracts/aml';
import { apiRequest } from '../../lib/api-client';
import { listRefreshMs } from '../../lib/query-client';

export type { AmlAction, AmlFlag, AmlFlagDetail, AmlRule, AmlSettings, AmlSettingsBody };

/** The queue's filter: open flags (the work) or all of them, of one rule or any. */
export type AmlFilter = { status: 'open' | 'all'; rule: AmlRule | '' };

const flagsKey = ['aml', 'flags'] as const;
const settingsKey = ['aml', 'settings'] as const;

/** A page of flags, newest first, paged on the server. */
export const useAmlFlags = (filter: AmlFilter, pageNo: number) =>
  useQuery({
    queryKey: [...flagsKey, 'list', filter, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/aml/flags', amlFlagListResponseSchema, {
        query: { status: filter.status, rule: filter.rule, pageNo, pageSize: 20 },
        signal,
      }),
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });

/** One flag with its evidence, ledger movements and the other members involved. */
export const useAmlFlag = (id: string) =>
  useQuery({
    queryKey: [...flagsKey, 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest(`/aml/flags/${encodeURIComponent(id)}`, amlFlagDetailResponseSchema, { signal }),
  });

/** Clear, restrict, close or report a flag, with the reason the audit keeps. */
export const useDecideAmlFlag = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: AmlAction; body: AmlActionBody }) =>
      apiRequest(`/aml/flags/${encodeURIComponent(id)}/${action}`, amlFlagDetailResponseSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: (flag) => {
      queryClient.setQueryData([...flagsKey, 'detail', flag.id], flag);
    },
    onSettled: () =>
      Promise.all(
        [flagsKey, ['member'], ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
};

export const useAmlSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiRequest('/aml/settings', amlSettingsResponseSchema, { signal }),
  });

export const useSaveAmlSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AmlSettingsBody) =>
      apiRequest('/aml/settings', amlSettingsResponseSchema, { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audit'] }),
  });
};
