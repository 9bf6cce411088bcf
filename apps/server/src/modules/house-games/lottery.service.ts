import { isTrialType } from '@wps/contracts/auth-rules';
import type { BetLine, LotteryBet, LotteryDraw, LotteryGame, PlaceBetsRequest } from '@wps/contracts/lottery';
import { formatMinorUnits, maxMinorUnits } from '@wps/contracts/money';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import { type HouseGame, recordHouseRoundCalls, requireHouseGame } from '../games/house-rounds.service';
import type { TurnoverService } from '../turnover/turnover.service';
import type { LedgerService } from '../wallet/ledger.service';
import type { WalletService } from '../wallet/wallet.service';
import { createServerSeed, hashServerSeed } from './fairness';
import {
  cutoffOf,
  findLotteryGame,
  intervalOf,
  type LotteryGameDefinition,
  lotteryGames,
  nextDrawTimes,
  publicDrawId,
  type ScheduleOverrides,
  stationsOf,
} from './lottery.games';
import * as repository from './lottery.repository';
import type { BetRow, DrawRow } from './lottery.repository';
import {
  betTypesOf,
  checkOperatorResult,
  fairResult,
  limitNumberOfKey,
  payoutOf,
  priceLine,
} from './lottery.rules';
import type { LotteryResultSource } from './lottery.tables';

/**
 * The house lottery: draws scheduled ahead per brand and game, bets taken until the cut-off under
 * per-number caps and blocks, results drawn fairly (or entered by an operator), and settlement exactly once
 * per draw: one claim per draw (a conditional update with a lease), pending bets locked in chunks (skip
 * locked), settled with set-based updates, and every win posted under `lottery:<drawId>:<betId>:win`.
 */

export type LotteryMember = { id: bigint; brandId: bigint; type: number };
export type LotteryBrand = { id: bigint; currency: string };
export type LotteryLogger = { error: (details: object, message: string) => void };

export type LotteryServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  schedule: ScheduleOverrides;
  log: LotteryLogger;
  /** Bets settled per transaction. */
  settleChunkSize?: number;
};

const settleLeaseSeconds = 120;
const drawsAheadOnInterval = 3;
const drawsAheadOnCalendar = 2;
const openedStatuses = ['drawn', 'settling', 'settled'] as const;

const isOpened = (status: string): boolean => (openedStatuses as readonly string[]).includes(status);

/** JSON with object keys sorted (jsonb reorders keys), for comparing results. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

export const createLotteryService = ({
  db,
  ledger,
  wallet,
  turnover,
  schedule,
  log,
  settleChunkSize = 2_000,
}: LotteryServiceDependencies) => {
  const catalogue = new Map<string, { game: HouseGame; until: number }>();
  const catalogueGame = async (definition: LotteryGameDefinition): Promise<HouseGame> => {
    const cached = catalogue.get(definition.gameCode);
    if (cached && cached.until > Date.now()) return cached.game;
    const game = await requireHouseGame(db, definition.vendor, definition.gameCode);
    catalogue.set(definition.gameCode, { game, until: Date.now() + 30_000 });
    return game;
  };

  const requireGame = (gameCode: string): LotteryGameDefinition => {
    const game = findLotteryGame(gameCode);
    if (!game) throw new AppError('GAME_NOT_FOUND');
    return game;
  };

  const exponentOf = (currency: string) => ledger.getCurrencyExponent(currency);

  // ---- views -------------------------------------------------------------------------------------------

  const toDraw = (row: DrawRow): LotteryDraw => {
    const opened = isOpened(row.status);
    const fair = row.resultSource === 'fair';
    return {
      publicId: row.publicId,
      gameCode: row.gameCode,
      drawAt: row.drawAt.toISOString(),
      closesAt: row.closesAt.toISOString(),
      status: row.status,
      resultSource: row.resultSource,
      stations: row.stations,
      serverSeedHash: fair ? row.serverSeedHash : null,
      serverSeed: fair && opened ? row.serverSeed : null,
      clientSeed: row.publicId,
      result: opened ? row.result : null,
    };
  };

  const settingsOf = async (brandId: bigint, gameCode: string) => {
    const row = await repository.findGameSettings(db, brandId, gameCode);
    return {
      resultSource: row?.resultSource ?? 'fair',
      defaultNumberCap: row?.defaultNumberCap ?? null,
    };
  };

  const toGame = async (brandId: bigint, game: LotteryGameDefinition): Promise<LotteryGame> => {
    const [current, last, settings] = await Promise.all([
      repository.findCurrentDraw(db, brandId, game.gameCode),
      repository.findLastDrawn(db, brandId, game.gameCode),
      settingsOf(brandId, game.gameCode),
    ]);
    return {
      gameCode: game.gameCode,
      vendor: game.vendor,
      name: game.name,
      kind: game.kind,
      region: game.kind === 'vn' ? game.region : null,
      balls: game.kind === 'speed' ? game.balls : null,
      intervalSeconds: intervalOf(game, schedule),
      cutoffSeconds: cutoffOf(game, schedule),
      resultSource: settings.resultSource,
      betTypes: betTypesOf(game),
      currentDraw: current ? toDraw(current) : null,
      lastDraw: last ? toDraw(last) : null,
    };
  };

  const toBet = (row: BetRow, drawPublicId: string, exponent: number): LotteryBet => ({
    id: String(row.id),
    roundId: String(row.roundId ?? ''),
    gameCode: row.gameCode,
    drawId: drawPublicId,
    betType: row.betType,
    numbers: row.numbers,
    stations: row.stations,
    unitStake: formatMinorUnits(row.unitStake, exponent),
    stake: formatMinorUnits(row.stake, exponent),
    status: row.status,
    payout: formatMinorUnits(row.payout, exponent),
    placedAt: row.placedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  });

  /** Enabled lottery games of the catalogue (a disabled game is not offered). */
  const listedGames = async (vendor?: string): Promise<LotteryGameDefinition[]> => {
    const listed: LotteryGameDefinition[] = [];
    for (const game of lotteryGames) {
      if (vendor !== undefined && game.vendor !== vendor) continue;
      try {
        await catalogueGame(game);
        listed.push(game);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return listed;
  };

  // ---- schedule, close, draw, settle ----------------------------------------------------------------------

  /** Creates the next draws of every brand and game (idempotent: one row per brand, game and draw time). */
  const scheduleDraws = async (now = new Date()): Promise<void> => {
    const [brands, settings] = await Promise.all([
      repository.listBrands(db),
      repository.listGameSettings(db),
    ]);
    const sourceOf = new Map(settings.map((row) => [`${row.brandId}:${row.gameCode}`, row.resultSource]));
    const rows: Parameters<typeof repository.insertDraws>[1] = [];
    for (const brand of brands) {
      for (const game of lotteryGames) {
        const ahead = intervalOf(game, schedule) === null ? drawsAheadOnCalendar : drawsAheadOnInterval;
        const cutoffMs = cutoffOf(game, schedule) * 1000;
        for (const drawAt of nextDrawTimes(game, now, brand.time_zone, schedule, ahead)) {
          const serverSeed = createServerSeed();
          rows.push({
            brandId: brand.id,
            gameCode: game.gameCode,
            publicId: publicDrawId(game.gameCode, drawAt, brand.time_zone),
            drawAt,
            closesAt: new Date(drawAt.getTime() - cutoffMs),
            resultSource: sourceOf.get(`${brand.id}:${game.gameCode}`) ?? 'fair',
            stations: stationsOf(game, drawAt, brand.time_zone),
            serverSeed,
            serverSeedHash: hashServerSeed(serverSeed),
          });
        }
      }
    }
    await repository.insertDraws(db, rows);
  };

  /** Draws every closed, due fair draw; a draw another instance drew first is left alone. */
  const drawDue = async (): Promise<number> => {
    let drawn = 0;
    for (const row of await repository.listDueFairDraws(db, 100)) {
      const game = findLotteryGame(row.gameCode);
      if (!game) continue;
      const result = fairResult(
        game,
        row.stations.map((station) => station.code),
        { serverSeed: row.serverSeed, clientSeed: row.publicId },
      );
      if (await repository.recordResult(db, row.id, result)) drawn += 1;
    }
    return drawn;
  };

  const houseAccounts = new Map<string, bigint>();
  const houseAccountOf = async (brandId: bigint, currency: string): Promise<bigint> => {
    const key = `${brandId}:${currency}`;
    const cached = houseAccounts.get(key);
    if (cached !== undefined) return cached;
    const account = await ledger.ensureSystemAccount(brandId, 'house', currency, 'lottery');
    houseAccounts.set(key, account.id);
    return account.id;
  };

  type Win = { betId: bigint; memberId: bigint; currency: string; roundId: bigint | null; payout: bigint };

  /** Members' cash accounts (read outside any transaction, so the ledger caches them for the postings). */
  const cashAccountsOf = async (
    brandId: bigint,
    owners: ReadonlyArray<{ memberId: bigint; currency: string }>,
  ) => {
    const accounts = new Map<string, bigint>();
    for (const owner of owners) {
      const key = `${owner.memberId}:${owner.currency}`;
      if (accounts.has(key)) continue;
      accounts.set(key, (await ledger.ensureMemberAccount(brandId, owner.memberId, owner.currency)).id);
    }
    return accounts;
  };

  /**
   * Pays wins through the ledger in one batched statement (each win its own posting under
   * `lottery:<drawId>:<betId>:win`; a win already paid is a replay and moves nothing).
   */
  const postWins = async (
    executor: Executor,
    brandId: bigint,
    drawId: bigint,
    productLine: string,
    wins: readonly Win[],
    cash: ReadonlyMap<string, bigint>,
    houses: ReadonlyMap<string, bigint>,
  ): Promise<void> => {
    if (wins.length === 0) return;
    await ledger.postBatch(
      brandId,
      wins.map((win) => {
        const member = cash.get(`${win.memberId}:${win.currency}`);
        const house = houses.get(win.currency);
        if (member === undefined || house === undefined) throw new Error(`no accounts for bet ${win.betId}`);
        return {
          brandId,
          idempotencyKey: `lottery:${drawId}:${win.betId}:win`,
          kind: 'win',
          productLine,
          reference: win.roundId === null ? `lottery-bet:${win.betId}` : `round:${win.roundId}`,
          legs: [
            { accountId: house, amount: -win.payout },
            { accountId: member, amount: win.payout },
          ],
        };
      }),
      { executor },
    );
  };

  /**
   * Settles one drawn draw if this instance wins its claim (a conditional update with a lease). Chunks of
   * pending bets are locked (skip locked: rows another settler holds are left to it), decided, updated
   * set-based with their rounds, and their wins paid in one batched ledger statement, all in one transaction,
   * so a chunk is decided and paid together or not at all. The batch locks its balance rows in one ordered
   * statement, so it cannot deadlock with bets or other settlers. A settler taking over an expired lease
   * re-posts the draw's decided wins first (replays; kept as a guard). Answers the bets settled here.
   */
  const settleDraw = async (drawId: bigint, takeover = false): Promise<number> => {
    const claimed = await repository.claimSettlement(db, drawId, settleLeaseSeconds, false);
    if (!claimed?.result) return 0;
    const game = findLotteryGame(claimed.gameCode);
    if (!game) return 0;
    const { result, brandId } = claimed;
    const productLine = (await catalogueGame(game).catch(() => null))?.productLine ?? 'LOTT';
    const owners = await repository.listBettors(db, drawId);
    const cash = await cashAccountsOf(brandId, owners);
    const houses = new Map<string, bigint>();
    for (const currency of new Set(owners.map((owner) => owner.currency))) {
      houses.set(currency, await houseAccountOf(brandId, currency));
    }
    const paidMembers = new Set<bigint>();
    if (takeover) {
      const decided = await repository.listWonBets(db, drawId);
      for (let start = 0; start < decided.length; start += settleChunkSize) {
        await postWins(
          db,
          brandId,
          drawId,
          productLine,
          decided.slice(start, start + settleChunkSize),
          cash,
          houses,
        );
      }
    }
    let settled = 0;
    for (;;) {
      const chunk = await db.transaction(async (tx) => {
        if (!(await repository.claimSettlement(tx, drawId, settleLeaseSeconds, true))) return null;
        const bets = await repository.lockPendingBets(tx, drawId, settleChunkSize);
        if (bets.length === 0) return null;
        const outcomes: Win[] = bets.map((bet) => ({
          betId: bet.id,
          memberId: bet.member_id,
          currency: bet.currency,
          roundId: bet.round_id,
          payout: payoutOf(game, result, {
            betType: bet.bet_type,
            numbers: bet.numbers,
            stations: bet.stations,
            unitStake: bet.unit_stake,
          }),
        }));
        await repository.settleBets(
          tx,
          outcomes.map((outcome) => ({
            id: outcome.betId,
            roundId: outcome.roundId,
            payout: outcome.payout,
          })),
        );
        const wins = outcomes.filter((outcome) => outcome.payout > 0n);
        await postWins(tx, brandId, drawId, productLine, wins, cash, houses);
        return { count: bets.length, winners: wins.map((win) => win.memberId) };
      });
      if (!chunk) break;
      settled += chunk.count;
      for (const member of chunk.winners) paidMembers.add(member);
    }
    await repository.markSettled(db, drawId);
    for (const member of paidMembers) wallet.notifyBalance(member);
    return settled;
  };

  const settleDue = async (): Promise<number> => {
    let settled = 0;
    for (const row of await repository.listSettleableDraws(db, 20)) {
      settled += await settleDraw(row.id, row.status === 'settling');
    }
    return settled;
  };

  /** One run of the lottery job: schedule ahead, close, draw, settle. Safe on any number of instances. */
  const runJob = async (): Promise<void> => {
    await scheduleDraws();
    await repository.closeDueDraws(db);
    await drawDue();
    await settleDue();
  };

  // ---- bets -------------------------------------------------------------------------------------------------

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
    member: LotteryMember,
    brand: LotteryBrand,
    requestId: string,
    bets: BetRow[],
    draw: DrawRow,
  ) => {
    const exponent = await exponentOf(brand.currency);
    const total = bets.reduce((sum, bet) => sum + bet.stake, 0n);
    return {
      requestId,
      drawId: draw.publicId,
      totalStake: formatMinorUnits(total, exponent),
      currency: brand.currency,
      balance: formatMinorUnits(await wallet.balance(member, brand.currency), exponent),
      bets: bets.map((bet) => toBet(bet, draw.publicId, exponent)),
    };
  };

  const placeBets = async (member: LotteryMember, brand: LotteryBrand, request: PlaceBetsRequest) => {
    if (isTrialType(member.type)) throw new AppError('TRIAL_NOT_ALLOWED');
    const game = requireGame(request.gameCode);
    const houseGame = await catalogueGame(game);
    const draw = await repository.findDrawByPublicId(db, brand.id, request.drawId);
    if (!draw || draw.gameCode !== game.gameCode)
      throw new AppError('NOT_FOUND', { message: 'No such draw' });
    const units = await Promise.all(
      request.bets.map((line, i) =>
        wallet.parseAmount(line.unitStake, brand.currency, `bets.${i}.unitStake`),
      ),
    );

    const replay = async () => {
      const existing = await repository.listTicketBets(db, member.id, request.requestId);
      if (existing.length === 0) return null;
      if (existing[0]?.drawId !== draw.id || !sameLines(existing, request.bets, units)) {
        throw new AppError('IDEMPOTENCY_CONFLICT');
      }
      return ticketAnswer(member, brand, request.requestId, existing, draw);
    };
    const earlier = await replay();
    if (earlier) return earlier;

    if (draw.status !== 'open' || draw.closesAt.getTime() <= Date.now())
      throw new AppError('LOTTERY_DRAW_CLOSED');
    const stationCodes = draw.stations.map((station) => station.code);
    const priced = request.bets.map((line, i) => {
      const outcome = priceLine(game, stationCodes, { ...line, unitStake: units[i] ?? 0n });
      if ('message' in outcome) {
        throw new AppError('LOTTERY_BET_INVALID', {
          message: outcome.message,
          issues: [{ field: `bets.${i}`, message: outcome.message }],
        });
      }
      return outcome;
    });

    const limitNumbers = [...new Set(priced.flatMap((line) => line.limitNumbers))];
    const [limits, settings] = await Promise.all([
      repository.listNumberLimits(db, brand.id, game.gameCode, limitNumbers),
      settingsOf(brand.id, game.gameCode),
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
    const entries = [...exposure].map(([key, amount]) => {
      const number = game.kind === 'vn' ? limitNumberOfKey(key) : key;
      return { key, amount, cap: capOf.get(number) ?? settings.defaultNumberCap ?? maxMinorUnits };
    });
    const total = priced.reduce((sum, line) => sum + line.stake, 0n);
    const cash = await wallet.cashAccount(member, brand.currency);
    const house = await houseAccountOf(brand.id, brand.currency);

    try {
      const bets = await db.transaction(async (tx) => {
        if (!(await repository.lockOpenDraw(tx, draw.id))) throw new AppError('LOTTERY_DRAW_CLOSED');
        const accepted = await repository.addExposures(tx, draw.id, entries);
        const refused = entries.filter((entry) => !accepted.has(entry.key)).map((entry) => entry.key);
        if (refused.length > 0) {
          const numbers = [
            ...new Set(refused.map((key) => (game.kind === 'vn' ? limitNumberOfKey(key) : key))),
          ];
          throw new AppError('LOTTERY_NUMBER_LIMIT', {
            message: `The betting limit is reached on ${numbers.join(', ')} in this draw`,
            details: { numbers: refused },
          });
        }
        const key = `lottery:bet:${member.id}:${request.requestId}`;
        const posting = await ledger.post(
          {
            brandId: brand.id,
            idempotencyKey: key,
            kind: 'bet',
            productLine: houseGame.productLine,
            reference: `lottery-draw:${draw.publicId}`,
            legs: [
              { accountId: cash.id, amount: -total },
              { accountId: house, amount: total },
            ],
          },
          { executor: tx },
        );
        if (posting.isReplay) throw new AppError('IDEMPOTENCY_CONFLICT');
        const roundIds = await repository.insertOpenRounds(
          tx,
          priced.map((line, i) => ({
            brandId: brand.id,
            memberId: member.id,
            vendorId: houseGame.vendorId,
            gameId: houseGame.gameId,
            roundRef: `lottery:${draw.publicId}:${request.requestId}:${i + 1}`,
            productLine: houseGame.productLine,
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
                ledgerTransactionId: posting.transactionId,
              },
            ],
          );
        }
        await turnover.recordValidBet(tx, {
          brandId: brand.id,
          memberId: member.id,
          currency: brand.currency,
          amount: total,
          reference: key,
        });
        return repository.insertBets(
          tx,
          priced.map((line, i) => ({
            brandId: brand.id,
            drawId: draw.id,
            memberId: member.id,
            roundId: roundIds[i] ?? null,
            requestId: request.requestId,
            lineNo: i + 1,
            gameCode: game.gameCode,
            currency: brand.currency,
            betType: line.betType,
            numbers: line.numbers,
            stations: line.stations,
            unitStake: line.unitStake,
            stake: line.stake,
          })),
        );
      });
      wallet.notifyBalance(member.id);
      return await ticketAnswer(member, brand, request.requestId, bets, draw);
    } catch (error) {
      // The same request racing itself: the first one's ticket is the answer.
      if (error instanceof AppError && error.code !== 'IDEMPOTENCY_CONFLICT') throw error;
      const again = await replay();
      if (again) return again;
      throw error;
    }
  };

  const myBets = async (
    member: LotteryMember,
    brand: LotteryBrand,
    query: {
      gameCode?: string | undefined;
      drawId?: string | undefined;
      status?: 'pending' | 'won' | 'lost' | undefined;
      page: number;
      pageSize: number;
    },
  ) => {
    let drawId: bigint | undefined;
    if (query.drawId !== undefined) {
      const draw = await repository.findDrawByPublicId(db, brand.id, query.drawId);
      if (!draw) return { bets: [], total: 0, totalPages: 0 };
      drawId = draw.id;
    }
    const { rows, total } = await repository.listMemberBets(
      db,
      { memberId: member.id, gameCode: query.gameCode, drawId, status: query.status },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    const exponent = await exponentOf(brand.currency);
    return {
      bets: rows.map((row) => toBet(row.bet, row.drawPublicId, exponent)),
      total,
      totalPages: Math.ceil(total / query.pageSize),
    };
  };

  // ---- draws, results, proof ---------------------------------------------------------------------------------

  const requireDraw = async (brandId: bigint, publicId: string): Promise<DrawRow> => {
    const draw = await repository.findDrawByPublicId(db, brandId, publicId);
    if (!draw) throw new AppError('NOT_FOUND', { message: 'No such draw' });
    return draw;
  };

  const verifyDraw = async (brandId: bigint, publicId: string) => {
    const draw = await requireDraw(brandId, publicId);
    const game = requireGame(draw.gameCode);
    if (draw.resultSource !== 'fair' || !isOpened(draw.status) || !draw.result) {
      throw new AppError('NOT_FOUND', { message: 'This draw has no revealed fair result yet' });
    }
    const recomputed = fairResult(
      game,
      draw.stations.map((station) => station.code),
      { serverSeed: draw.serverSeed, clientSeed: draw.publicId },
    );
    return {
      drawId: draw.publicId,
      serverSeed: draw.serverSeed,
      serverSeedHash: draw.serverSeedHash,
      clientSeed: draw.publicId,
      nonce: 0,
      hashMatches: hashServerSeed(draw.serverSeed) === draw.serverSeedHash,
      recomputed,
      resultMatches: canonicalJson(recomputed) === canonicalJson(draw.result),
    };
  };

  const openedDraws = async (brandId: bigint, gameCode: string, page: number, pageSize: number) => {
    requireGame(gameCode);
    const { rows, total } = await repository.listDraws(
      db,
      { brandId, gameCode, statuses: openedStatuses },
      { limit: pageSize, offset: (page - 1) * pageSize },
    );
    return { draws: rows.map(toDraw), total, totalPages: Math.ceil(total / pageSize) };
  };

  const latestResults = async (brandId: bigint, vendor?: string) => {
    const draws: LotteryDraw[] = [];
    for (const game of await listedGames(vendor)) {
      const last = await repository.findLastDrawn(db, brandId, game.gameCode);
      if (last) draws.push(toDraw(last));
    }
    return { draws };
  };

  // ---- operator -------------------------------------------------------------------------------------------

  const brandByMerchant = async (merchantCode: string) => {
    const result = await db.execute(
      sql`select id, currency from brands where merchant_code = ${merchantCode} limit 1`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
      id: bigint;
      currency: string;
    }>;
    const brand = rows[0];
    if (!brand) throw new AppError('BRAND_NOT_FOUND');
    return brand;
  };

  const parseCap = async (value: string | null, currency: string, field: string): Promise<bigint | null> =>
    value === null ? null : wallet.parseAmount(value, currency, field);

  const formatCap = async (value: bigint | null, currency: string): Promise<string | null> =>
    value === null ? null : formatMinorUnits(value, await exponentOf(currency));

  const enterResult = async (
    actor: AuditActor,
    merchantCode: string,
    publicId: string,
    result: Record<string, unknown>,
  ): Promise<LotteryDraw> => {
    const brand = await brandByMerchant(merchantCode);
    const draw = await requireDraw(brand.id, publicId);
    const game = requireGame(draw.gameCode);
    if (draw.resultSource !== 'operator') {
      throw new AppError('LOTTERY_RESULT_REJECTED', { message: 'This draw is drawn fairly by the platform' });
    }
    if (draw.status !== 'closed' || draw.drawAt.getTime() > Date.now()) {
      throw new AppError('LOTTERY_RESULT_REJECTED', {
        message: 'A result can be entered once the draw is closed and due, and only once',
      });
    }
    const canonical = checkOperatorResult(
      game,
      draw.stations.map((station) => station.code),
      result,
    );
    if (!canonical) {
      throw new AppError('LOTTERY_RESULT_REJECTED', { message: 'The result does not fit this game' });
    }
    const recorded = await db.transaction(async (tx) => {
      const row = await repository.recordResult(tx, draw.id, canonical);
      if (!row) throw new AppError('LOTTERY_RESULT_REJECTED', { message: 'The draw already has a result' });
      await recordAuditEvent(tx, {
        actor,
        action: 'lottery.result.enter',
        entityType: 'lottery_draw',
        entityId: draw.publicId,
        before: { status: draw.status },
        after: { status: 'drawn', result: canonical },
      });
      return row;
    });
    try {
      await settleDraw(recorded.id);
    } catch (error) {
      log.error(
        { err: error, drawId: recorded.publicId },
        'lottery settlement after an entered result failed',
      );
    }
    return toDraw((await repository.findDrawById(db, recorded.id)) ?? recorded);
  };

  const getSettings = async (merchantCode: string, gameCode: string) => {
    requireGame(gameCode);
    const brand = await brandByMerchant(merchantCode);
    const settings = await settingsOf(brand.id, gameCode);
    return {
      resultSource: settings.resultSource,
      defaultNumberCap: await formatCap(settings.defaultNumberCap, brand.currency),
    };
  };

  const putSettings = async (
    actor: AuditActor,
    merchantCode: string,
    gameCode: string,
    body: { resultSource: LotteryResultSource; defaultNumberCap: string | null },
  ) => {
    requireGame(gameCode);
    const brand = await brandByMerchant(merchantCode);
    const cap = await parseCap(body.defaultNumberCap, brand.currency, 'defaultNumberCap');
    await db.transaction(async (tx) => {
      const before = await repository.findGameSettings(tx, brand.id, gameCode);
      await repository.upsertGameSettings(tx, {
        brandId: brand.id,
        gameCode,
        resultSource: body.resultSource,
        defaultNumberCap: cap,
      });
      await repository.setOpenDrawsSource(tx, brand.id, gameCode, body.resultSource);
      await recordAuditEvent(tx, {
        actor,
        action: 'lottery.settings.update',
        entityType: 'lottery_game',
        entityId: `${brand.id}:${gameCode}`,
        before: before
          ? {
              resultSource: before.resultSource,
              defaultNumberCap: before.defaultNumberCap?.toString() ?? null,
            }
          : null,
        after: { resultSource: body.resultSource, defaultNumberCap: cap?.toString() ?? null },
      });
    });
    return getSettings(merchantCode, gameCode);
  };

  const listLimits = async (merchantCode: string, gameCode: string) => {
    requireGame(gameCode);
    const brand = await brandByMerchant(merchantCode);
    const rows = await repository.listNumberLimits(db, brand.id, gameCode);
    return {
      numbers: await Promise.all(
        rows.map(async (row) => ({
          number: row.number,
          cap: await formatCap(row.cap, brand.currency),
          blocked: row.blocked,
        })),
      ),
    };
  };

  const putLimit = async (
    actor: AuditActor,
    merchantCode: string,
    gameCode: string,
    number: string,
    body: { cap: string | null; blocked: boolean },
  ) => {
    requireGame(gameCode);
    const brand = await brandByMerchant(merchantCode);
    const cap = await parseCap(body.cap, brand.currency, 'cap');
    const row = await db.transaction(async (tx) => {
      const { before, row: after } = await repository.upsertNumberLimit(tx, {
        brandId: brand.id,
        gameCode,
        number,
        cap,
        blocked: body.blocked,
      });
      await recordAuditEvent(tx, {
        actor,
        action: 'lottery.number.limit',
        entityType: 'lottery_number',
        entityId: `${brand.id}:${gameCode}:${number}`,
        before: before ? { cap: before.cap?.toString() ?? null, blocked: before.blocked } : null,
        after: { cap: cap?.toString() ?? null, blocked: body.blocked },
      });
      return after;
    });
    return {
      number,
      cap: await formatCap(row?.cap ?? null, brand.currency),
      blocked: row?.blocked ?? body.blocked,
    };
  };

  const adminDraws = async (
    merchantCode: string,
    query: {
      gameCode?: string | undefined;
      status?: DrawRow['status'] | undefined;
      page: number;
      pageSize: number;
    },
  ) => {
    const brand = await brandByMerchant(merchantCode);
    const { rows, total } = await repository.listDraws(
      db,
      { brandId: brand.id, gameCode: query.gameCode, ...(query.status ? { statuses: [query.status] } : {}) },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    const totals = new Map(
      (
        await repository.drawTotals(
          db,
          rows.map((row) => row.id),
        )
      ).map((row) => [row.draw_id, row]),
    );
    const exponent = await exponentOf(brand.currency);
    return {
      draws: rows.map((row) => {
        const sums = totals.get(row.id);
        return {
          ...toDraw(row),
          betCount: Number(sums?.bet_count ?? 0n),
          totalStake: formatMinorUnits(sums?.total_stake ?? 0n, exponent),
          totalPayout: formatMinorUnits(sums?.total_payout ?? 0n, exponent),
        };
      }),
      total,
      totalPages: Math.ceil(total / query.pageSize),
    };
  };

  return {
    runJob,
    scheduleDraws,
    closeDue: () => repository.closeDueDraws(db),
    drawDue,
    settleDue,
    settleDraw,
    placeBets,
    myBets,
    gameMenu: async (brandId: bigint, vendor?: string) => ({
      games: await Promise.all((await listedGames(vendor)).map((game) => toGame(brandId, game))),
    }),
    recentGames: async (member: LotteryMember) => {
      const rows = await repository.listRecentGames(db, member.id, 10);
      const games: LotteryGame[] = [];
      for (const row of rows) {
        const game = findLotteryGame(row.game_code);
        if (game) games.push(await toGame(member.brandId, game));
      }
      return { games };
    },
    game: async (brandId: bigint, gameCode: string) => {
      const game = requireGame(gameCode);
      await catalogueGame(game);
      return { ...(await toGame(brandId, game)), serverTime: new Date().toISOString() };
    },
    draw: async (brandId: bigint, publicId: string) => toDraw(await requireDraw(brandId, publicId)),
    verifyDraw,
    openedDraws,
    latestResults,
    enterResult,
    getSettings,
    putSettings,
    listLimits,
    putLimit,
    adminDraws,
  };
};

export type LotteryService = ReturnType<typeof createLotteryService>;

/**
 * The lottery's verifier for the house games' verification page (registered under `lottery`): params
 * `gameCode` and, for VN draws, `stations` (codes separated by commas, as the draw lists them).
 */
export const verifyLotteryDraw = ({
  serverSeed,
  clientSeed,
  params,
}: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Readonly<Record<string, string>>;
}): Record<string, unknown> => {
  const game = findLotteryGame(params.gameCode ?? '');
  if (!game) throw new AppError('GAME_NOT_FOUND');
  const stations = (params.stations ?? '').split(',').filter((code) => code.length > 0);
  return fairResult(game, stations, { serverSeed, clientSeed });
};

/** Registers the lottery job: every `intervalMs` (0: never on a timer; `runNow('lottery')` still works). */
export const scheduleLottery = (
  scheduler: { every: (name: string, intervalMs: number, run: () => Promise<void>) => void },
  lottery: LotteryService,
  intervalMs: number,
): void => {
  scheduler.every('lottery', intervalMs, lottery.runJob);
};
