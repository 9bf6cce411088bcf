import { type CrashState, crashGrowthPerMs, formatMultiplier } from '@wps/contracts/crash';
import { maskAccountName } from '../../games/catalogue.service';
import * as repository from '../crash.repository';
import type { RoundRow } from '../crash.repository';
import type { CrashContext, CrashListener } from '../crash.service';
import { betStatusOf, isEnded, phaseOf } from './crash-views';

const historyLength = 20;
const shownBets = 100;

export type CrashStateDependencies = Pick<
  CrashContext,
  'db' | 'wallet' | 'clock' | 'listeners' | 'shownState'
>;

/** The latest round with its bets (hash and crash point only once it ended), recent rounds and the chain. */
const buildState = async (
  { db, wallet }: Pick<CrashContext, 'db' | 'wallet'>,
  round: RoundRow | undefined,
): Promise<Omit<CrashState, 'serverTime'>> => {
  const [ended, bets, chainRow] = await Promise.all([
    repository.listEndedRounds(db, historyLength),
    round ? repository.listRoundBetsForDisplay(db, round.id, shownBets) : Promise.resolve([]),
    round ? repository.findChain(db, round.chainId) : repository.findLatestChain(db),
  ]);
  const revealed = round !== undefined && isEnded(round);
  return {
    growthPerMs: crashGrowthPerMs,
    round: round
      ? {
          roundId: round.id.toString(),
          chainId: round.chainId.toString(),
          chainIndex: round.chainIndex,
          phase: phaseOf[round.status],
          startsAt: round.startsAt.toISOString(),
          crashPoint: revealed ? formatMultiplier(round.crashPoint) : null,
          hash: revealed ? round.hash : null,
          endedAt: round.endedAt?.toISOString() ?? null,
        }
      : null,
    bets: await Promise.all(
      bets.map(async (bet) => ({
        betId: bet.id.toString(),
        player: maskAccountName(bet.username),
        amount: await wallet.formatAmount(bet.amount, bet.currency),
        currency: bet.currency,
        status: betStatusOf[bet.status],
        cashedOutAt: bet.cashedOutAt === null ? null : formatMultiplier(bet.cashedOutAt),
        payout: bet.status === 'cashed' ? await wallet.formatAmount(bet.payout, bet.currency) : null,
      })),
    ),
    history: ended.map((row) => ({
      roundId: row.id.toString(),
      phase: phaseOf[row.status],
      crashPoint: formatMultiplier(row.crashPoint),
      hash: row.hash,
      endedAt: row.endedAt?.toISOString() ?? null,
    })),
    chain: chainRow
      ? {
          chainId: chainRow.id.toString(),
          commitment: chainRow.commitment,
          salt: chainRow.salt,
          houseEdgeBasisPoints: chainRow.houseEdgeBasisPoints,
          length: chainRow.length,
        }
      : null,
  };
};

/** Reads the round again when something changed (on any instance) and tells every open stream. */
export const refreshState = async (deps: CrashStateDependencies): Promise<Omit<CrashState, 'serverTime'>> => {
  const { db, shownState } = deps;
  const round = await repository.findLatestRound(db);
  const key = round
    ? `${round.id}:${round.status}:${await repository.fingerprintBets(db, round.id)}`
    : 'none';
  if (shownState.cached?.key === key) return shownState.cached.state;
  const state = await buildState(deps, round);
  shownState.cached = { key, state };
  const stamped = { ...state, serverTime: new Date(deps.clock()).toISOString() };
  for (const listener of deps.listeners) listener(stamped);
  return state;
};

/** The shared state as of now, stamped with the server time. */
export const readState = async (deps: CrashStateDependencies): Promise<CrashState> => ({
  ...(await refreshState(deps)),
  serverTime: new Date(deps.clock()).toISOString(),
});

/** Every change of the shared state, already stamped with the server time, until the answer is called. */
export const subscribe = (
  { listeners }: Pick<CrashContext, 'listeners'>,
  listener: CrashListener,
): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
