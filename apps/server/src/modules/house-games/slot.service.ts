import { fairnessPagePath, houseVendorCode } from '@wps/contracts/house-games-rules';
import type { SlotInfo, SlotRound, SlotSpin, SlotSpinRequest } from '@wps/contracts/house-games';
import { formatMinorUnits, toMinorUnits } from '@wps/contracts/money';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import {
  insertHouseRound,
  recordHouseRoundCalls,
  requireHouseGame,
  type HouseGame,
  type HouseRoundCall,
} from '../games/house-rounds.service';
import type { TurnoverService } from '../turnover/turnover.service';
import type { LedgerService } from '../wallet/ledger.service';
import type { WalletService } from '../wallet/wallet.service';
import { createFairIntegerStream } from './fairness';
import type { JackpotService } from './jackpot.service';
import type { FairnessVerifier, SeedService } from './seeds.service';
import { houseJackpotRules, houseSlot, houseSlotGameCode } from './slot-definition';
import { playRound, type SlotDefinition, type SpinOutcome } from './slot-engine';
import { add, computeSlotReturn, fraction, toPercent, type Fraction } from './slot-rtp';
import * as repository from './slot.repository';

/** The kind under which the slot's seeds are kept and its results verified. */
export const slotFairnessGame = 'slot';

export type SlotSettings = {
  /** Decimal amounts a spin may stake, in the brand's currency. */
  betLevels: readonly string[];
  /** A spin wins the jackpot with probability stake ÷ this (decimal, the brand's currency). */
  jackpotOddsStake: string;
  /** What the house puts into the pool when it is first used and after every win. */
  jackpotSeed: string;
};

export type SlotMember = { id: bigint; brandId: bigint; type: number };
export type SlotBrand = { id: bigint; currency: string };

/** The round's proof as the betting record shows it, and what the fairness page needs to recompute it. */
export type SlotProof = {
  game: typeof slotFairnessGame;
  seedPairId: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  stake: string;
  jackpotBound: string;
  verifyPath: string;
};

const gameReturn = computeSlotReturn(houseSlot);

const toSpin = (
  definition: SlotDefinition,
  spin: SpinOutcome,
  amounts: { stake: bigint; exponent: number; multiplier: number },
): SlotSpin => {
  const lineBet = amounts.stake / BigInt(definition.paylines.length);
  const multiplier = BigInt(amounts.multiplier);
  const format = (minor: bigint) => formatMinorUnits(minor, amounts.exponent);
  return {
    stops: spin.stops,
    grid: spin.grid,
    lineWins: spin.lineWins.map((win) => ({
      ...win,
      amount: format(lineBet * BigInt(win.pays) * multiplier),
    })),
    scatterCount: spin.scatterCount,
    scatterWin: format(amounts.stake * BigInt(spin.scatterPays) * multiplier),
    freeSpinsAwarded: spin.freeSpinsAwarded,
    multiplier: amounts.multiplier,
    win: format(lineBet * BigInt(spin.units)),
  };
};

/**
 * Recomputes a slot round from its seeds: the stops of the paid spin and of every free spin it set off, and,
 * given `stake` and `jackpotBound` (minor units), the jackpot draw that follows them (hit when the drawn
 * integer in [0, jackpotBound) is below the stake).
 */
export const verifySlotRound: FairnessVerifier = ({ serverSeed, clientSeed, nonce, params }) => {
  const next = createFairIntegerStream({ serverSeed, clientSeed, nonce });
  const round = playRound(houseSlot, next);
  const stakeText = params.stake ?? '';
  const boundText = params.jackpotBound ?? '';
  const stake = /^[1-9][0-9]{0,15}$/.test(stakeText) ? BigInt(stakeText) : null;
  const bound = /^[1-9][0-9]{0,9}$/.test(boundText) ? Number(boundText) : null;
  const lineCount = BigInt(houseSlot.paylines.length);
  const jackpotDraw = bound !== null && bound <= 2 ** 32 ? next(bound) : null;
  const describe = (spin: SpinOutcome) => ({
    stops: spin.stops,
    grid: spin.grid,
    lineWins: spin.lineWins,
    scatterCount: spin.scatterCount,
    freeSpinsAwarded: spin.freeSpinsAwarded,
    units: spin.units,
  });
  return {
    base: describe(round.base),
    freeSpins: round.freeSpins.map(describe),
    /** Everything won in line bets (stake ÷ 20). */
    lineBetUnits: round.units,
    winMinorUnits: stake === null ? null : ((stake / lineCount) * BigInt(round.units)).toString(),
    jackpotDraw,
    jackpotHit: jackpotDraw !== null && stake !== null ? BigInt(jackpotDraw) < stake : null,
  };
};

const verifyPathOf = (proof: Omit<SlotProof, 'verifyPath' | 'game'>): string =>
  `${fairnessPagePath}?${new URLSearchParams({
    game: slotFairnessGame,
    serverSeedHash: proof.serverSeedHash,
    clientSeed: proof.clientSeed,
    nonce: String(proof.nonce),
    stake: proof.stake,
    jackpotBound: proof.jackpotBound,
  }).toString()}`;

/** What is stored of a spin: its answer without what changes later (balance, live jackpot, replay flag). */
type StoredRound = Omit<SlotRound, 'balance' | 'jackpot' | 'isReplay'>;

const isStoredRound = (value: unknown): value is StoredRound =>
  typeof value === 'object' && value !== null && 'roundId' in value && 'base' in value;

/**
 * The house slot: info for the page, and a spin. A spin is one database transaction: the member's seed pair
 * is locked and its next nonce taken; the reels (and free spins, played at once, in the same round) and the
 * jackpot draw come from HMAC(server seed, client seed:nonce); the round row, the bet (stake less the
 * jackpot's share to the house, the share to the pool), the win, a jackpot payout with the pool's reseed,
 * the round's calls, the turnover and the spin row are written together. Ledger keys are
 * `house-slot:<roundId>:bet|win|jackpot`. A retry with the same request id answers the stored spin.
 */
export const createSlotService = ({
  db,
  ledger,
  wallet,
  turnover,
  seeds,
  jackpots,
  settings,
}: {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  seeds: SeedService;
  jackpots: JackpotService;
  settings: SlotSettings;
}) => {
  const lineCount = BigInt(houseSlot.paylines.length);

  /** The settings in minor units of a currency; a bet level that cannot pay exactly is a configuration error. */
  const amountsFor = async (currency: string) => {
    const exponent = await ledger.getCurrencyExponent(currency);
    const betLevels = settings.betLevels.map((level) => toMinorUnits(level, exponent));
    for (const level of betLevels) {
      if (
        level % lineCount !== 0n ||
        (level * BigInt(houseJackpotRules.contributionBasisPoints)) % 10_000n !== 0n
      ) {
        throw new Error(
          `bet level ${formatMinorUnits(level, exponent)} does not split exactly over lines and jackpot`,
        );
      }
    }
    const oddsStake = toMinorUnits(settings.jackpotOddsStake, exponent);
    if (oddsStake > 2n ** 32n) throw new Error('the jackpot odds stake is beyond one fair draw');
    return { exponent, betLevels, oddsStake, seed: toMinorUnits(settings.jackpotSeed, exponent) };
  };

  const jackpotReturn = (amounts: { oddsStake: bigint; seed: bigint }): Fraction =>
    add(
      fraction(BigInt(houseJackpotRules.contributionBasisPoints), 10_000n),
      fraction(amounts.seed, amounts.oddsStake),
    );

  const jackpotKeyOf = (brand: SlotBrand) => ({
    brandId: brand.id,
    currency: brand.currency,
    gameCode: houseSlotGameCode,
  });

  const theGame = (): Promise<HouseGame> => requireHouseGame(db, houseVendorCode, houseSlotGameCode);

  const info = async (brand: SlotBrand): Promise<SlotInfo> => {
    const [game, amounts] = await Promise.all([theGame(), amountsFor(brand.currency)]);
    await jackpots.ensure(jackpotKeyOf(brand), amounts.seed);
    const jackpotShare = jackpotReturn(amounts);
    return {
      gameCode: houseSlotGameCode,
      gameName: game.gameName,
      currency: brand.currency,
      betLevels: amounts.betLevels.map((level) => formatMinorUnits(level, amounts.exponent)),
      rows: houseSlot.rows,
      reels: houseSlot.reels.map((strip) => [...strip]),
      paylines: houseSlot.paylines.map((line) => [...line]),
      wild: houseSlot.wild,
      scatter: houseSlot.scatter,
      linePays: Object.fromEntries(
        Object.entries(houseSlot.linePays).map(([symbol, pays]) => [symbol, [...pays]]),
      ),
      scatterPays: [...houseSlot.scatterPays],
      freeSpinsAwarded: [...houseSlot.freeSpinsAwarded],
      freeSpinMultiplier: houseSlot.freeSpinMultiplier,
      returnToPlayer: {
        game: toPercent(gameReturn.total),
        jackpot: toPercent(jackpotShare),
        total: toPercent(add(gameReturn.total, jackpotShare)),
      },
      jackpot: await jackpots.current(jackpotKeyOf(brand)),
      jackpotRules: {
        contributionPercent: toPercent(
          fraction(BigInt(houseJackpotRules.contributionBasisPoints), 10_000n),
          2,
        ),
        seedAmount: formatMinorUnits(amounts.seed, amounts.exponent),
        oddsStake: formatMinorUnits(amounts.oddsStake, amounts.exponent),
      },
    };
  };

  const spin = async (member: SlotMember, brand: SlotBrand, request: SlotSpinRequest): Promise<SlotRound> => {
    const currency = brand.currency;
    const [amounts, stake, game] = await Promise.all([
      amountsFor(currency),
      wallet.parseAmount(request.bet, currency, 'bet'),
      theGame(),
    ]);
    if (!amounts.betLevels.includes(stake)) {
      const message = 'Choose one of the bet levels.';
      throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'bet', message }] });
    }
    const jackpotKey = jackpotKeyOf(brand);
    await jackpots.ensure(jackpotKey, amounts.seed);
    const format = (minor: bigint) => formatMinorUnits(minor, amounts.exponent);

    const outcome = await db.transaction(async (tx) => {
      const pair = await seeds.lockActive(tx, member, slotFairnessGame);
      const existing = await repository.findSpinByRequest(tx, member.id, request.requestId);
      if (existing) {
        if (existing.stake !== stake) throw new AppError('IDEMPOTENCY_CONFLICT');
        return { stored: existing.outcome, isReplay: true };
      }
      const nonce = await seeds.takeNonce(tx, pair);
      const next = createFairIntegerStream({
        serverSeed: pair.serverSeed,
        clientSeed: pair.clientSeed,
        nonce,
      });
      const round = playRound(houseSlot, next);
      const isJackpotHit = BigInt(next(Number(amounts.oddsStake))) < stake;
      const win = (stake / lineCount) * BigInt(round.units);
      const contribution = (stake * BigInt(houseJackpotRules.contributionBasisPoints)) / 10_000n;

      // A winner queues on the jackpot row before touching any balance, so winners are paid one at a time.
      const jackpotRow = isJackpotHit ? await jackpots.lockForWin(tx, jackpotKey) : null;
      const jackpotWin = jackpotRow ? (await jackpots.poolBalance(tx, jackpotKey)) + contribution : 0n;

      const proofBase = {
        seedPairId: pair.id.toString(),
        serverSeedHash: pair.serverSeedHash,
        clientSeed: pair.clientSeed,
        nonce,
        stake: stake.toString(),
        jackpotBound: amounts.oddsStake.toString(),
      };
      const proof: SlotProof = { game: slotFairnessGame, ...proofBase, verifyPath: verifyPathOf(proofBase) };
      const roundId = await insertHouseRound(tx, {
        brandId: member.brandId,
        memberId: member.id,
        game,
        roundRef: request.requestId,
        currency,
        betAmount: stake,
        winAmount: win + jackpotWin,
        details: proof,
      });

      const [cash, house, pool] = await Promise.all([
        wallet.cashAccount(member, currency, tx),
        ledger.ensureSystemAccount(member.brandId, 'house', currency, '', { executor: tx }),
        jackpots.poolAccount(jackpotKey, tx),
      ]);
      const keyOf = (movement: string) => `house-slot:${roundId}:${movement}`;
      const reference = `round:${roundId}`;
      // Bet, win and jackpot lock the same house and pool shards, so rounds cannot deadlock on them.
      const shardKey = `house-slot:${roundId}`;
      const calls: HouseRoundCall[] = [];
      const bet = await ledger.post(
        {
          brandId: member.brandId,
          idempotencyKey: keyOf('bet'),
          kind: 'bet',
          productLine: game.productLine,
          reference,
          shardKey,
          legs: [
            { accountId: cash.id, amount: -stake },
            { accountId: house.id, amount: stake - contribution },
            ...(contribution > 0n ? [{ accountId: pool.id, amount: contribution }] : []),
          ],
        },
        { executor: tx },
      );
      calls.push({
        kind: 'bet',
        reference: keyOf('bet'),
        amount: stake,
        ledgerTransactionId: bet.transactionId,
      });
      if (win > 0n) {
        const paid = await ledger.post(
          {
            brandId: member.brandId,
            idempotencyKey: keyOf('win'),
            kind: 'win',
            productLine: game.productLine,
            reference,
            shardKey,
            legs: [
              { accountId: house.id, amount: -win },
              { accountId: cash.id, amount: win },
            ],
          },
          { executor: tx },
        );
        calls.push({
          kind: 'win',
          reference: keyOf('win'),
          amount: win,
          ledgerTransactionId: paid.transactionId,
        });
      }
      if (jackpotRow) {
        // The pool goes to the winner and the house puts the seed back: pool − win + seed, in one posting.
        const poolChange = amounts.seed - jackpotWin;
        const paid = await ledger.post(
          {
            brandId: member.brandId,
            idempotencyKey: keyOf('jackpot'),
            kind: 'win.jackpot',
            productLine: game.productLine,
            reference,
            shardKey,
            legs: [
              { accountId: cash.id, amount: jackpotWin },
              { accountId: house.id, amount: -amounts.seed },
              ...(poolChange === 0n ? [] : [{ accountId: pool.id, amount: poolChange }]),
            ],
          },
          { executor: tx },
        );
        calls.push({
          kind: 'win',
          reference: keyOf('jackpot'),
          amount: jackpotWin,
          ledgerTransactionId: paid.transactionId,
        });
        await jackpots.recordWin(tx, jackpotRow, { amount: jackpotWin, roundId });
      }
      await recordHouseRoundCalls(
        tx,
        { roundId, brandId: member.brandId, memberId: member.id, vendorId: game.vendorId },
        calls,
      );
      await turnover.recordValidBet(tx, {
        brandId: member.brandId,
        memberId: member.id,
        currency,
        amount: stake,
        reference,
      });
      const stored: StoredRound = {
        roundId: roundId.toString(),
        requestId: request.requestId,
        currency,
        bet: format(stake),
        win: format(win),
        jackpotWin: format(jackpotWin),
        totalWin: format(win + jackpotWin),
        base: toSpin(houseSlot, round.base, { stake, exponent: amounts.exponent, multiplier: 1 }),
        freeSpins: round.freeSpins.map((free) =>
          toSpin(houseSlot, free, {
            stake,
            exponent: amounts.exponent,
            multiplier: houseSlot.freeSpinMultiplier,
          }),
        ),
        jackpotHit: jackpotRow !== null,
        seeds: {
          seedPairId: proof.seedPairId,
          serverSeedHash: proof.serverSeedHash,
          clientSeed: proof.clientSeed,
          nonce,
        },
        verifyPath: proof.verifyPath,
        createdAt: new Date().toISOString(),
      };
      await repository.insertSpin(tx, {
        brandId: member.brandId,
        memberId: member.id,
        requestId: request.requestId,
        roundId,
        seedPairId: pair.id,
        nonce,
        currency,
        stake,
        win,
        jackpotWin,
        jackpotContribution: contribution,
        outcome: stored,
      });
      return { stored, isReplay: false };
    });

    if (!outcome.isReplay) wallet.notifyBalance(member.id);
    if (!isStoredRound(outcome.stored)) throw new Error('a stored spin has an unexpected shape');
    const [balance, jackpot] = await Promise.all([
      wallet.balance(member, currency),
      jackpots.current(jackpotKey),
    ]);
    return { ...outcome.stored, balance: format(balance), jackpot, isReplay: outcome.isReplay };
  };

  return {
    info,
    spin,
    jackpot: async (brand: SlotBrand) => {
      const amounts = await amountsFor(brand.currency);
      await jackpots.ensure(jackpotKeyOf(brand), amounts.seed);
      return jackpots.current(jackpotKeyOf(brand));
    },
    /** The exact return of the game alone (for the benchmark and the page). */
    gameReturn: () => gameReturn,
  };
};

export type SlotService = ReturnType<typeof createSlotService>;
