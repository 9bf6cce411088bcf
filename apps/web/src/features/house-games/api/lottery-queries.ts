import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  drawResponseSchema,
  drawVerificationResponseSchema,
  gameMenuResponseSchema,
  LotteryBet,
  LotteryDraw,
  LotteryGame,
  lotteryGameResponseSchema,
  myBetsResponseSchema,
  openedNumerosResponseSchema,
} from '@wps/contracts/lottery';
import { apiRequest } from '../../../lib/api-client';

export type LotteryGameWithTime = ResponseValue<typeof lotteryGameResponseSchema>;
export type LotteryVendor = 'TCG_LOTTO_VN' | 'TCG_SEA' | 'LOTT' | 'ELOTT';
export type MyBetsPage = ResponseValue<typeof myBetsResponseSchema>;
export type ResultsPage = ResponseValue<typeof openedNumerosResponseSchema>;
export type DrawVerification = ResponseValue<typeof drawVerificationResponseSchema>;
export type { LotteryBet, LotteryDraw, LotteryGame };

/** Every query of the lottery pages starts with this. */
export const lotteryQueryKeyPrefix = ['lottery'] as const;

export const lotteryQueryKeys = {
  game: (gameCode: string) => [...lotteryQueryKeyPrefix, 'game', gameCode] as const,
  menu: (vendor: LotteryVendor) => [...lotteryQueryKeyPrefix, 'menu', vendor] as const,
  results: (gameCode: string) => [...lotteryQueryKeyPrefix, 'results', gameCode] as const,
  /** The member's bets; the token keeps one member's list from ever showing for another. */
  bets: (token: string, gameCode: string) => [...lotteryQueryKeyPrefix, 'bets', token, gameCode] as const,
  allBets: [...lotteryQueryKeyPrefix, 'bets'] as const,
  verification: (drawId: string) => [...lotteryQueryKeyPrefix, 'verification', drawId] as const,
} as const;

/** After a bet or a result: the game's draws, its results and the member's bets are read again. */
export const refreshLotteryQueries = (queryClient: QueryClient, gameCode: string): Promise<void> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: lotteryQueryKeys.game(gameCode) }),
    queryClient.invalidateQueries({ queryKey: lotteryQueryKeys.results(gameCode) }),
    queryClient.invalidateQueries({ queryKey: lotteryQueryKeys.allBets }),
  ]).then(() => undefined);

/* ---- One game with its current draw (and the server's clock for the countdown) ---- */

export const getLotteryGame = (gameCode: string, signal?: AbortSignal): Promise<LotteryGameWithTime> =>
  apiRequest<LotteryGameWithTime>(`/lottery/games/${encodeURIComponent(gameCode)}`, { signal });

const isDrawWaiting = (draw: LotteryDraw | null): boolean =>
  draw !== null && draw.status !== 'open' && draw.status !== 'settled';

/**
 * How often the game is read again: every 2 s while a draw is between its cut-off and its settlement (the
 * result is about to appear), else every 15 s (the countdown also asks at the cut-off itself).
 */
export const gameRefetchInterval = (game: LotteryGameWithTime | undefined): number | false => {
  if (game === undefined) return false;
  return isDrawWaiting(game.currentDraw) || isDrawWaiting(game.lastDraw) ? 2000 : 15_000;
};

export const getLotteryGameQueryOptions = (gameCode: string) =>
  queryOptions({
    queryKey: lotteryQueryKeys.game(gameCode),
    queryFn: ({ signal }) => getLotteryGame(gameCode, signal),
    staleTime: 0,
    refetchInterval: (query) => gameRefetchInterval(query.state.data),
  });

export const useLotteryGame = (gameCode: string) => useQuery(getLotteryGameQueryOptions(gameCode));

/* ---- The games of one vendor (the VN page's regions) ---- */

export const getLotteryMenu = (vendor: LotteryVendor, signal?: AbortSignal): Promise<LotteryGame[]> =>
  apiRequest<ResponseValue<typeof gameMenuResponseSchema>>('/lgw/vn/games/game_menu', {
    query: { vendor },
    signal,
  }).then((value) => value.games);

export const useLotteryMenu = (vendor: LotteryVendor) =>
  useQuery({
    queryKey: lotteryQueryKeys.menu(vendor),
    queryFn: ({ signal }) => getLotteryMenu(vendor, signal),
    staleTime: 60_000,
  });

/* ---- Results history (opened numeros) ---- */

export const resultsPageSize = 10;

export const getLotteryResults = (gameCode: string, signal?: AbortSignal): Promise<ResultsPage> =>
  apiRequest<ResultsPage>('/lgw/vn/numeros/opened/game', {
    query: { gameCode, page: 1, pageSize: resultsPageSize },
    signal,
  });

export const useLotteryResults = (gameCode: string) =>
  useQuery({
    queryKey: lotteryQueryKeys.results(gameCode),
    queryFn: ({ signal }) => getLotteryResults(gameCode, signal),
    staleTime: 0,
  });

/* ---- The member's bets ---- */

export const myBetsPageSize = 20;

export const getMyLotteryBets = (gameCode: string, signal?: AbortSignal): Promise<MyBetsPage> =>
  apiRequest<MyBetsPage>('/lottery/bets', { query: { gameCode, page: 1, pageSize: myBetsPageSize }, signal });

/** Pending bets whose draw is past its cut-off are read every 3 s until they settle. */
export const myBetsRefetchInterval = (
  page: MyBetsPage | undefined,
  openDrawId: string | null,
): number | false =>
  page?.bets.some((bet) => bet.status === 'pending' && bet.drawId !== openDrawId) === true ? 3000 : false;

/** Nothing is asked without a member (the page needs one; the check keeps a logged-out tab quiet). */
export const useMyLotteryBets = (token: string | null, gameCode: string, openDrawId: string | null) =>
  useQuery({
    queryKey: lotteryQueryKeys.bets(token ?? '', gameCode),
    enabled: token !== null,
    queryFn: ({ signal }) => getMyLotteryBets(gameCode, signal),
    staleTime: 0,
    refetchInterval: (query) => myBetsRefetchInterval(query.state.data, openDrawId),
  });

/* ---- One draw and its verification ---- */

export const getLotteryDraw = (drawId: string, signal?: AbortSignal): Promise<LotteryDraw> =>
  apiRequest<ResponseValue<typeof drawResponseSchema>>(`/lottery/draws/${encodeURIComponent(drawId)}`, {
    signal,
  });

export const verifyLotteryDraw = (drawId: string, signal?: AbortSignal): Promise<DrawVerification> =>
  apiRequest<DrawVerification>(`/lottery/draws/${encodeURIComponent(drawId)}/verify`, { signal });

/** Asked only when the member opens a draw's proof. */
export const useDrawVerification = (drawId: string, enabled: boolean) =>
  useQuery({
    queryKey: lotteryQueryKeys.verification(drawId),
    queryFn: ({ signal }) => verifyLotteryDraw(drawId, signal),
    enabled,
    staleTime: Infinity,
  });
