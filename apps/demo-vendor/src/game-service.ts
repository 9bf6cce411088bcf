import { randomUUID } from 'node:crypto';
import type { VendorWalletStatus } from '@wps/contracts/vendor-wallet';
import type { FastifyBaseLogger } from 'fastify';
import { unitsToProtocol } from './amounts';
import type { RetryQueue } from './retry-queue';
import type { Launch, SessionStore, VendorSession } from './sessions';
import { createUsedTokenRegistry } from './sessions';
import { cryptoRandom, type RandomSource, spin, type SpinOutcome, stakeUnits } from './slot';
import {
  describeAttempt,
  type AttemptResult,
  type WalletClient,
} from '@wps/vendor-wallet-client/wallet-client';

/**
 * What the vendor does when a game is opened and a reel is spun. Real money goes through the platform's
 * wallet: `/user/info` when the game opens, then per spin a bet and its win (0 for a loss, closing the round),
 * each with fresh uuids. A bet without a final answer, or refused for anything but the player's money or limit,
 * is rolled back; wins and rollbacks that get no final answer wait in the retry queue until they do. Demo
 * money stays here and never reaches the wallet.
 */

export type OpenResult =
  | { kind: 'opened'; session: VendorSession }
  | { kind: 'refused'; reason: 'TOKEN_USED' | 'MISSING_TOKEN' | 'MISSING_USER' }
  | { kind: 'refused'; reason: 'WALLET_REFUSED'; status: VendorWalletStatus }
  | { kind: 'refused'; reason: 'WALLET_UNAVAILABLE' };

export type SpinResult =
  | {
      kind: 'spun';
      outcome: SpinOutcome;
      stake: bigint;
      win: bigint;
      balance: bigint;
      /** The win got no final answer yet; it waits in the retry queue. */
      isWinPending: boolean;
    }
  | { kind: 'not-enough-money'; balance: bigint }
  | { kind: 'refused'; status: VendorWalletStatus; balance: bigint }
  | { kind: 'wallet-unavailable'; balance: bigint }
  | { kind: 'busy' };

export type GameServiceOptions = {
  wallet: WalletClient;
  queue: RetryQueue;
  sessions: SessionStore;
  random?: RandomSource;
  /** Waits between the attempts a player's request makes itself before giving up or queueing. */
  retryDelaysMs?: readonly number[];
  /** Pretend money a demo session starts with, in protocol units. */
  demoBalance?: bigint;
  log?: FastifyBaseLogger;
};

/** Hub88: a bet refused for these is simply refused; for anything else the vendor rolls it back. */
const betRefusalsWithoutRollback: readonly VendorWalletStatus[] = [
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_LIMIT_REACHED',
];

export const isStake = (units: number): boolean => (stakeUnits as readonly number[]).includes(units);

export const createGameService = ({
  wallet,
  queue,
  sessions,
  random = cryptoRandom,
  retryDelaysMs = [250, 1_000],
  demoBalance = unitsToProtocol(1_000),
  log,
}: GameServiceOptions) => {
  const usedTokens = createUsedTokenRegistry();

  const open = async (launch: Launch): Promise<OpenResult> => {
    if (launch.mode === 'demo') {
      const { user: _user, token: _token, ...demo } = launch;
      return { kind: 'opened', session: sessions.create(demo, demoBalance) };
    }
    if (launch.token === undefined) return { kind: 'refused', reason: 'MISSING_TOKEN' };
    if (launch.user === undefined) return { kind: 'refused', reason: 'MISSING_USER' };
    // Bound to this first open, whatever the wallet answers next.
    if (!usedTokens.claim(launch.token)) return { kind: 'refused', reason: 'TOKEN_USED' };
    const call = await wallet.prepare(launch.vendorCode, 'user/info', {
      user: launch.user,
      token: launch.token,
      game_code: launch.gameCode,
    });
    const result = await wallet.sendWithRetries(call, retryDelaysMs);
    if (result.kind !== 'answer' || !result.isFinal) {
      log?.warn({ result: describeAttempt(result) }, 'user/info without a final answer');
      return { kind: 'refused', reason: 'WALLET_UNAVAILABLE' };
    }
    if (result.answer.status !== 'RS_OK') {
      return { kind: 'refused', reason: 'WALLET_REFUSED', status: result.answer.status };
    }
    // The wallet's currency is the player's: bets go out in it whatever the launch URL said.
    const session = sessions.create({ ...launch, currency: result.answer.currency }, result.answer.balance);
    return { kind: 'opened', session };
  };

  const demoSpin = (session: VendorSession, stake: bigint): SpinResult => {
    if (session.balance < stake) return { kind: 'not-enough-money', balance: session.balance };
    const outcome = spin(random);
    const win = stake * outcome.multiplier;
    session.balance += win - stake;
    session.lastWin = win;
    return { kind: 'spun', outcome, stake, win, balance: session.balance, isWinPending: false };
  };

  const rollBack = async (
    session: VendorSession,
    user: string,
    bet: { transactionUuid: string; round: string },
  ) => {
    const call = await wallet.prepare(session.vendorCode, 'transaction/rollback', {
      user,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transactionUuid,
      round: bet.round,
      round_closed: true,
      game_code: session.gameCode,
      token: session.token,
    });
    queue.enqueue(call, { immediately: true });
  };

  const finalAnswer = (result: AttemptResult) =>
    result.kind === 'answer' && result.isFinal ? result.answer : undefined;

  const realSpin = async (session: VendorSession, user: string, stake: bigint): Promise<SpinResult> => {
    const outcome = spin(random);
    const win = stake * outcome.multiplier;
    const round = randomUUID();
    const betUuid = randomUUID();
    const common = { user, round, game_code: session.gameCode, currency: session.currency };

    const bet = await wallet.prepare(session.vendorCode, 'transaction/bet', {
      ...common,
      transaction_uuid: betUuid,
      token: session.token,
      round_closed: false,
      is_free: false,
      bet: `lines:5;stake:${stake.toString()}`,
      amount: stake,
    });
    const betAnswer = finalAnswer(await wallet.sendWithRetries(bet, retryDelaysMs));
    if (betAnswer?.status === 'RS_OK') {
      session.balance = betAnswer.balance;
    } else {
      if (betAnswer && betRefusalsWithoutRollback.includes(betAnswer.status)) {
        session.balance = betAnswer.balance;
        return betAnswer.status === 'RS_ERROR_NOT_ENOUGH_MONEY'
          ? { kind: 'not-enough-money', balance: session.balance }
          : { kind: 'refused', status: betAnswer.status, balance: session.balance };
      }
      // The bet may or may not have been taken: undo it, until the platform gives a final answer.
      log?.warn({ round, status: betAnswer?.status ?? 'no final answer' }, 'bet failed; rolling it back');
      await rollBack(session, user, { transactionUuid: betUuid, round });
      return betAnswer
        ? { kind: 'refused', status: betAnswer.status, balance: session.balance }
        : { kind: 'wallet-unavailable', balance: session.balance };
    }

    const winCall = await wallet.prepare(session.vendorCode, 'transaction/win', {
      ...common,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: betUuid,
      token: session.token,
      round_closed: true,
      is_free: false,
      amount: win,
    });
    const winAnswer = finalAnswer(await wallet.sendWithRetries(winCall, retryDelaysMs));
    session.lastWin = win;
    if (!winAnswer) {
      queue.enqueue(winCall);
      return { kind: 'spun', outcome, stake, win, balance: session.balance, isWinPending: win > 0n };
    }
    if (winAnswer.status !== 'RS_OK') {
      log?.error({ round, status: winAnswer.status }, 'the platform refused a win');
    }
    session.balance = winAnswer.balance;
    return { kind: 'spun', outcome, stake, win, balance: session.balance, isWinPending: false };
  };

  /** One spin of `units` whole units of the currency; a session spins one reel set at a time. */
  const play = async (session: VendorSession, units: number): Promise<SpinResult> => {
    if (session.isBusy) return { kind: 'busy' };
    const stake = unitsToProtocol(units);
    session.isBusy = true;
    try {
      if (session.mode === 'demo' || session.user === undefined) return demoSpin(session, stake);
      return await realSpin(session, session.user, stake);
    } finally {
      session.isBusy = false;
    }
  };

  /** The player's balance again (a deposit in another tab): `/user/balance` for real money. */
  const refreshBalance = async (session: VendorSession): Promise<bigint> => {
    if (session.mode === 'demo' || session.user === undefined) return session.balance;
    const call = await wallet.prepare(session.vendorCode, 'user/balance', {
      user: session.user,
      token: session.token,
      game_code: session.gameCode,
    });
    const answer = finalAnswer(await wallet.sendWithRetries(call, []));
    if (answer?.status === 'RS_OK') session.balance = answer.balance;
    return session.balance;
  };

  return { open, play, refreshBalance };
};

export type GameService = ReturnType<typeof createGameService>;
