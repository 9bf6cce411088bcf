import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminGame,
  adminGameResponseSchema,
  adminGamesResponseSchema,
  type AdminGameUpdate,
  type VendorRegistration,
  vendorListResponseSchema,
  vendorResponseSchema,
  type VendorSummary,
  type VendorUpdate,
} from '@wps/contracts/games-admin';
import { type HouseGameLimits, houseGameLimitsResponseSchema } from '@wps/contracts/house-games-admin';
import {
  type AdminLotteryGame,
  adminDrawsResponseSchema,
  adminLotteryGamesResponseSchema,
  enterResultResponseSchema,
  lotteryGameSettingsResponseSchema,
  numberLimitResponseSchema,
  numberLimitsResponseSchema,
} from '@wps/contracts/lottery';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { listRefreshMs } from '../../lib/query-client';

export type { AdminGame, AdminLotteryGame, HouseGameLimits, VendorSummary };
export type AdminDraw = z.infer<typeof adminDrawsResponseSchema>['value']['draws'][number];
export type NumberLimit = z.infer<typeof numberLimitResponseSchema>['value'];

const vendorsKey = ['games', 'vendors'] as const;
const catalogueKey = ['games', 'catalogue'] as const;
const lotteryKey = ['games', 'lottery'] as const;

/** After a change: the lists it touches and the audit trail are read again. */
const useInvalidating = <Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  keys: ReadonlyArray<readonly string[]>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([...keys, ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};

/** Every game vendor (platform-wide), with its wallet key's fingerprint only. */
export const useVendors = () =>
  useQuery({
    queryKey: vendorsKey,
    queryFn: ({ signal }) => apiRequest('/game-vendors', vendorListResponseSchema, { signal }),
  });

/** Registers a vendor (games.manage); its games arrive later through the catalogue sync. */
export const useRegisterVendor = () =>
  useInvalidating(
    (body: VendorRegistration) => apiRequest('/game-vendors', vendorResponseSchema, { method: 'POST', body }),
    [vendorsKey],
  );

/** Changes a vendor: name, key, launch URL, enabled, maintenance (games.manage). */
export const useUpdateVendor = () =>
  useInvalidating(
    ({ code, body }: { code: string; body: VendorUpdate }) =>
      apiRequest(`/game-vendors/${encodeURIComponent(code)}`, vendorResponseSchema, { method: 'PUT', body }),
    [vendorsKey, catalogueKey],
  );

/** The catalogue's filters as the form holds them; an empty one is left out. */
export type CatalogueFilter = {
  vendor: string;
  category: string;
  status: string;
  flag: string;
  search: string;
};
export const emptyCatalogueFilter: CatalogueFilter = {
  vendor: '',
  category: '',
  status: '',
  flag: '',
  search: '',
};

/** A page of the catalogue, filtered on the server; the previous page stays shown while the next loads. */
export const useAdminGames = (filter: CatalogueFilter, pageNo: number, pageSize = 20) =>
  useQuery({
    queryKey: [...catalogueKey, filter, pageNo, pageSize],
    queryFn: ({ signal }) =>
      apiRequest('/games', adminGamesResponseSchema, {
        query: { ...filter, search: filter.search.trim(), pageNo, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Shows or hides a game, marks it HOT or NEW, or moves it (games.manage). */
export const useUpdateGame = () =>
  useInvalidating(
    ({ id, body }: { id: string; body: AdminGameUpdate }) =>
      apiRequest(`/games/${encodeURIComponent(id)}`, adminGameResponseSchema, { method: 'PATCH', body }),
    [catalogueKey, vendorsKey],
  );

/** Uploads a game's picture (png, jpg or webp), shown in the lobby at once. */
export const useUploadGameImage = () =>
  useInvalidating(
    ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(`/games/${encodeURIComponent(id)}/image`, adminGameResponseSchema, {
        method: 'PUT',
        form,
      });
    },
    [catalogueKey],
  );

/** Drops a game's own picture: the lobby shows the platform's drawn one. */
export const useClearGameImage = () =>
  useInvalidating(
    (id: string) =>
      apiRequest(`/games/${encodeURIComponent(id)}/image`, adminGameResponseSchema, { method: 'DELETE' }),
    [catalogueKey],
  );

/** The lottery games with their kind, result source and default cap (the brand's). */
export const useLotteryGames = () =>
  useQuery({
    queryKey: [...lotteryKey, 'games'],
    queryFn: ({ signal }) => apiRequest('/lottery/games', adminLotteryGamesResponseSchema, { signal }),
  });

export type DrawFilter = { gameCode: string; view: 'upcoming' | 'past'; station: string };

/** A page of one game's draws: upcoming soonest first, or past newest first; read again while shown. */
export const useLotteryDraws = (filter: DrawFilter, page: number) =>
  useQuery({
    queryKey: [...lotteryKey, 'draws', filter, page],
    queryFn: ({ signal }) =>
      apiRequest('/lottery/draws', adminDrawsResponseSchema, {
        query: { ...filter, page, pageSize: 20 },
        signal,
      }),
    enabled: filter.gameCode !== '',
    placeholderData: keepPreviousData,
    refetchInterval: listRefreshMs,
  });

/** Enters the official result of a closed, due draw of an operator game; it settles at once. */
export const useEnterResult = () =>
  useInvalidating(
    ({ drawId, result }: { drawId: string; result: Record<string, unknown> }) =>
      apiRequest(`/lottery/draws/${encodeURIComponent(drawId)}/result`, enterResultResponseSchema, {
        method: 'POST',
        body: { result },
      }),
    [lotteryKey],
  );

/** A game's result source (fair or operator) and its default cap on any number's potential payout. */
export const useSaveLotterySettings = () =>
  useInvalidating(
    ({
      gameCode,
      body,
    }: {
      gameCode: string;
      body: { resultSource: AdminLotteryGame['resultSource']; defaultNumberCap: string | null };
    }) =>
      apiRequest(
        `/lottery/games/${encodeURIComponent(gameCode)}/settings`,
        lotteryGameSettingsResponseSchema,
        {
          method: 'PUT',
          body,
        },
      ),
    [lotteryKey],
  );

/** The numbers of a game with their own cap or block. */
export const useNumberLimits = (gameCode: string) =>
  useQuery({
    queryKey: [...lotteryKey, 'numbers', gameCode],
    queryFn: ({ signal }) =>
      apiRequest(`/lottery/games/${encodeURIComponent(gameCode)}/numbers`, numberLimitsResponseSchema, {
        signal,
      }),
    enabled: gameCode !== '',
  });

/** Sets one number's cap (null: the game's default) and block. */
export const usePutNumberLimit = () =>
  useInvalidating(
    ({ gameCode, number, cap, blocked }: { gameCode: string } & NumberLimit) =>
      apiRequest(
        `/lottery/games/${encodeURIComponent(gameCode)}/numbers/${encodeURIComponent(number)}`,
        numberLimitResponseSchema,
        { method: 'PUT', body: { cap, blocked } },
      ),
    [lotteryKey],
  );

/** Each house game's stakes and limits as the configuration fixes them. */
export const useHouseGameLimits = () =>
  useQuery({
    queryKey: ['games', 'house-limits'],
    queryFn: ({ signal }) => apiRequest('/house-games/limits', houseGameLimitsResponseSchema, { signal }),
  });
