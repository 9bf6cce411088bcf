import type { BetLine, PlaceBetsRequest } from '@wps/contracts/lottery';
import { formatMinorUnits, maxMinorUnits } from '@wps/contracts/money';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { type HouseGame, openHouseRounds, recordHouseRoundCalls } from '../../games/house-rounds.service';
import type { LotteryGameDefinition } from '../lottery.games';
import * as repository from '../lottery.repository';
import type { BetRow, DrawRow } from '../lottery.repository';
import { limitNumberOfKey, type PricedLine, priceLine } from '../lottery.rules';
import { houseAccountOf } from './house-account';
import { catalogueGame, gameSettingsOf, requireGame } from './lottery-catalogue';
import type { LotteryBrand, LotteryContext, LotteryMember } from './lottery-context';
import { toBet } from './lottery-views';

/**
 * A member's ticket of bets on one draw, taken until the cut-off under the per-number caps and blocks: the
 * stake posted once per request id, a game round per line, the turnover recorded, all in one transaction.
 * The stake takes the member's cash first, then their bonus balance (each line keeps its bonus part for its
 * win); a ticket above an active bonus's maximum stake is refused (BONUS_MAX_STAKE).
 */

export type PlaceBetsDependencies = Pick<
  LotteryContext,
  'db' | 'ledger' | 'wallet' | 'bonuses' | 'turnover' | 'caches'
>;

/** A priced ticket on its way into the books. */
type Ticket = {
  member: LotteryMember;
  brand: LotteryBrand;
  requestId: string;
  game: LotteryGameDefinition;
  houseGame: HouseGame;
  draw: DrawRow;
  priced: PricedLine[];
  total: bigint;
  /** Idempotency key of the stake posting (and the prefix of the rounds' call references). */
  key: string;
};

type Exposure = { key: string; amount: bigint; cap: bigint };

const sameLines = (existing: BetRow[], lines: BetLine[], units: bigint[]): boolean =>
  existing.length === lines.length &&
  existing.every((row, i) => {
    const line = lines[i];
    return (
      line !== undefined &&
      row.betType === line.betType &&
      JSON.stringify(row.numbers) === JSON.stringify(line.numbers.map((n) => n.trim().toUpperCase())) &&
      row.unitStake === units[i]
    );
  });

const ticketAnswer = async (
  { db, ledger, wallet, bonuses }: Pick<LotteryContext, 'db' | 'ledger' | 'wallet' | 'bonuses'>,
  member: LotteryMember,
  brand: LotteryBrand,
  requestId: string,
  bets: BetRow[],
  draw: DrawRow,
) => {
  const exponent = await ledger.getCurrencyExponent(brand.currency);
  const total = bets.reduce((sum, bet) => sum + bet.stake, 0n);
  // What the member may stake next: cash and, while a bonus is active, the bonus balance.
  const owner = { brandId: member.brandId, memberId: member.id, currency: brand.currency };
  const balance = await bonuses.playableBalance(db, owner, await wallet.balance(member, brand.currency));
  return {
    requestId,
    drawId: draw.publicId,
    totalStake: formatMinorUnits(total, exponent),
    currency: brand.currency,
    balance: formatMinorUnits(balance, exponent),
    bets: bets.map((bet) => toBet(bet, draw.publicId, exponent)),
  };
};

/** Checks and prices every line against the game and the draw's stations (LOTTERY_BET_INVALID otherwise). */
const priceTicket = (
  game: LotteryGameDefinition,
  draw: DrawRow,
  lines: PlaceBetsRequest['bets'],
  units: bigint[],
): PricedLine[] => {
  const stationCodes = draw.stations.map((station) => station.code);
  return lines.map((line, i) => {
    const outcome = priceLine(game, stationCodes, { ...line, unitStake: units[i] ?? 0n });
    if ('message' in outcome) {
      throw new AppError('LOTTERY_BET_INVALID', {
        message: outcome.message,
        issues: [{ field: `bets.${i}`, message: outcome.message }],
      });
    }
    return outcome;
  });
};

/** The ticket's added exposure per number key with its cap; LOTTERY_NUMBER_BLOCKED on a blocked number. */
const exposuresOf = async (
  deps: Pick<LotteryContext, 'db'>,
  brandId: bigint,
  game: LotteryGameDefinition,
  priced: readonly PricedLine[],
): Promise<Exposure[]> => {
  const limitNumbers = [...new Set(priced.flatMap((line) => line.limitNumbers))];
  const [limits, settings] = await Promise.all([
    repository.listNumberLimits(deps.db, brandId, game.gameCode, limitNumbers),
    gameSettingsOf(deps, brandId, game.gameCode),
  ]);
  const blocked = limits.filter((limit) => limit.blocked).map((limit) => limit.number);
  if (blocked.length > 0) {
    throw new AppError('LOTTERY_NUMBER_BLOCKED', {
      message: `Not accepting bets on ${blocked.join(', ')} in this draw`,
      details: { numbers: blocked },
    });
  }
  const capOf = new Map(limits.map((limit) => [limit.number, limit.cap]));
  const exposure = new Map<string, bigint>();
  for (const line of priced) {
    for (const [key, amount] of line.exposure) exposure.set(key, (exposure.get(key) ?? 0n) + amount);
  }
  return [...exposure].map(([key, amount]) => {
    const number = game.kind === 'vn' ? limitNumberOfKey(key) : key;
    return { key, amount, cap: capOf.get(number) ?? settings.defaultNumberCap ?? maxMinorUnits };
  });
};

/** Locks the still open draw and adds the exposures under their caps (LOTTERY_NUMBER_LIMIT when one is full). */
const reserveExposures = async (
  tx: Executor,
  game: LotteryGameDefinition,
  draw: DrawRow,
  entries: readonly Exposure[],
): Promise<void> => {
  if (!(await repository.lockOpenDraw(tx, draw.id))) throw new AppError('LOTTERY_DRAW_CLOSED');
  const accepted = await repository.addExposures(tx, draw.id, entries);
  const refused = entries.filter((entry) => !accepted.has(entry.key)).map((entry) => entry.key);
  if (refused.length > 0) {
    const numbers = [...new Set(refused.map((key) => (game.kind === 'vn' ? limitNumberOfKey(key) : key)))];
    throw new AppError('LOTTERY_NUMBER_LIMIT', {
      message: `The betting limit is reached on ${numbers.join(', ')} in this draw`,
      details: { numbers: refused },
    });
  }
};

/** Opens a game round per line, each with its bet call on the stake posting. */
const openTicketRounds = async (tx: Executor, ticket: Ticket, ledgerTransactionId: bigint) => {
  const { member, brand, requestId, houseGame, draw, priced, key } = ticket;
  const roundIds = await openHouseRounds(
    tx,
    priced.map((line, i) => ({
      brandId: brand.id,
      memberId: member.id,
      game: houseGame,
      roundRef: `lottery:${draw.publicId}:${requestId}:${i + 1}`,
      currency: brand.currency,
      betAmount: line.stake,
      details: {
        game: 'lottery',
        drawId: draw.publicId,
        betType: line.betType,
        numbers: line.numbers,
        stations: line.stations,
        serverSeedHash: draw.resultSource === 'fair' ? draw.serverSeedHash : null,
        clientSeed: draw.publicId,
        verifyUrl: `/wps/lottery/draws/${draw.publicId}/verify`,
      },
    })),
  );
  for (const [i, roundId] of roundIds.entries()) {
    await recordHouseRoundCalls(
      tx,
      { roundId, brandId: brand.id, memberId: member.id, vendorId: houseGame.vendorId },
      [
        {
          kind: 'bet',
          reference: `${key}:${i + 1}`,
          amount: priced[i]?.stake ?? 0n,
          ledgerTransactionId,
        },
      ],
    );
  }
  return roundIds;
};

/**
 * The bonus part of the ticket's stake over its lines: the cash covers the first lines and bonus money the
 * rest, so each line's part is at most its stake and the parts add up to the ticket's.
 */
const bonusPartsOf = (priced: readonly PricedLine[], bonusStaked: bigint): bigint[] => {
  const parts: bigint[] = [];
  let left = bonusStaked;
  for (const line of [...priced].reverse()) {
    const part = left < line.stake ? left : line.stake;
    parts.unshift(part);
    left -= part;
  }
  return parts;
};

/**
 * The ticket's transaction: exposures, the stake from cash (then the bonus balance) to house, the rounds, the
 * turnover and the bets.
 */
const recordTicket = (
  { db, ledger, bonuses, turnover }: Pick<LotteryContext, 'db' | 'ledger' | 'bonuses' | 'turnover'>,
  ticket: Ticket,
  entries: readonly Exposure[],
  accounts: { cash: bigint; house: bigint },
) =>
  db.transaction(async (tx) => {
    const { member, brand, requestId, game, houseGame, draw, priced, total, key } = ticket;
    await reserveExposures(tx, game, draw, entries);
    const owner = { brandId: brand.id, memberId: member.id, currency: brand.currency };
    const stake = await bonuses.splitStake(tx, owner, accounts.cash, total);
    const posting = await ledger.post(
      {
        brandId: brand.id,
        idempotencyKey: key,
        kind: 'bet',
        productLine: houseGame.productLine,
        reference: `lottery-draw:${draw.publicId}`,
        legs: [...stake.legs, { accountId: accounts.house, amount: total }],
      },
      { executor: tx },
    );
    if (posting.isReplay) throw new AppError('IDEMPOTENCY_CONFLICT');
    const roundIds = await openTicketRounds(tx, ticket, posting.transactionId);
    await turnover.recordValidBet(tx, {
      brandId: brand.id,
      memberId: member.id,
      currency: brand.currency,
      amount: total,
      reference: key,
      productLine: houseGame.productLine,
    });
    const bonusParts = bonusPartsOf(priced, stake.bonusStaked);
    return repository.insertBets(
      tx,
      priced.map((line, i) => ({
        brandId: brand.id,
        drawId: draw.id,
        memberId: member.id,
        roundId: roundIds[i] ?? null,
        requestId,
        lineNo: i + 1,
        gameCode: game.gameCode,
        currency: brand.currency,
        betType: line.betType,
        numbers: line.numbers,
        stations: line.stations,
        unitStake: line.unitStake,
        stake: line.stake,
        bonusStaked: bonusParts[i] ?? 0n,
      })),
    );
  });

export const placeBets = async (
  deps: PlaceBetsDependencies,
  member: LotteryMember,
  brand: LotteryBrand,
  request: PlaceBetsRequest,
) => {
  const { db, wallet } = deps;
  const game = requireGame(request.gameCode);
  const houseGame = await catalogueGame(deps, game);
  const draw = await repository.findDrawByPublicId(db, brand.id, request.drawId);
  if (!draw || draw.gameCode !== game.gameCode) throw new AppError('NOT_FOUND', { message: 'No such draw' });
  const units = await Promise.all(
    request.bets.map((line, i) => wallet.parseAmount(line.unitStake, brand.currency, `bets.${i}.unitStake`)),
  );

  const replay = async () => {
    const existing = await repository.listTicketBets(db, member.id, request.requestId);
    if (existing.length === 0) return null;
    if (existing[0]?.drawId !== draw.id || !sameLines(existing, request.bets, units)) {
      throw new AppError('IDEMPOTENCY_CONFLICT');
    }
    return ticketAnswer(deps, member, brand, request.requestId, existing, draw);
  };
  const earlier = await replay();
  if (earlier) return earlier;

  if (draw.status !== 'open' || draw.closesAt.getTime() <= Date.now())
    throw new AppError('LOTTERY_DRAW_CLOSED');
  const priced = priceTicket(game, draw, request.bets, units);
  const entries = await exposuresOf(deps, brand.id, game, priced);
  const total = priced.reduce((sum, line) => sum + line.stake, 0n);
  const cash = await wallet.cashAccount(member, brand.currency);
  const house = await houseAccountOf(deps, brand.id, brand.currency);
  const key = `lottery:bet:${member.id}:${request.requestId}`;
  const ticket: Ticket = {
    member,
    brand,
    requestId: request.requestId,
    game,
    houseGame,
    draw,
    priced,
    total,
    key,
  };

  try {
    const bets = await recordTicket(deps, ticket, entries, { cash: cash.id, house });
    wallet.notifyBalance(member.id);
    return await ticketAnswer(deps, member, brand, request.requestId, bets, draw);
  } catch (error) {
    // The same request racing itself: the first one's ticket is the answer.
    if (error instanceof AppError && error.code !== 'IDEMPOTENCY_CONFLICT') throw error;
    const again = await replay();
    if (again) return again;
    throw error;
  }
};
