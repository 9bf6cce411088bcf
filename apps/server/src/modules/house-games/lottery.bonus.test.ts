import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { bonusTestKit, minorOf } from './bonus.test-helpers';
import { findLotteryGame } from './lottery.games';
import { payoutOf } from './lottery.rules';
import type { LotteryService } from './lottery.service';
import { lotteryBets, lotteryDraws } from './lottery.tables';
import { lotteryServiceFor, passCutoff } from './lottery.test-helpers';

type Envelope = { success: boolean; code?: string; value: { balance: string; totalStake: string } };
type Draw = { publicId: string; stations: Array<{ code: string }> };

const south = 'TCG_LOTTO_VN-O0003';
const everyNumber = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/**
 * The lottery stakes a ticket through the bonus engine (cash first, then the bonus balance, each line keeping
 * its bonus part) and pays each line's win back in the same proportions when the draw settles.
 */
describe('lottery with a wagering bonus', { timeout: 120_000 }, () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  let bonus: ReturnType<typeof bonusTestKit>;
  let job: LotteryService;
  let serial = 0;

  beforeAll(async () => {
    testApp = await createTestApp({ LOTTERY_JOB_INTERVAL_MS: '0' });
    kit = walletTestKit(testApp);
    bonus = bonusTestKit(testApp.app, testApp.database);
    job = lotteryServiceFor(testApp.database.db);
    await job.scheduleDraws();
  }, 180_000);
  afterAll(() => testApp.close());

  const player = async (cash: bigint) => {
    serial += 1;
    const member = await kit.addMember(`lottobonus${serial}`, { paymentPassword: null });
    if (cash > 0n) await kit.fund(member, cash);
    const { authorization } = await loginAsMember(testApp, member.username);
    return { member, authorization };
  };
  /** The game's open draw (scheduled again, as the lottery job would, when earlier tests drew them all). */
  const currentDraw = async (authorization: string): Promise<Draw> => {
    const read = async () =>
      (await testApp.app.inject({ url: `/wps/lottery/games/${south}`, headers: { authorization } })).json<{
        value: { currentDraw: Draw | null };
      }>().value.currentDraw;
    const draw = (await read()) ?? (await job.scheduleDraws(), await read());
    if (!draw) throw new Error('no open draw');
    return draw;
  };
  /** Two lines of 18.00: one number, then every number (one of which always wins). */
  const ticketLines = (draw: Draw) => {
    const stations = [draw.stations[0]?.code ?? ''];
    return [
      { betType: 'bao_lo', numbers: ['23'], stations, unitStake: '1.00' },
      { betType: 'bao_lo', numbers: everyNumber, stations, unitStake: '0.01' },
    ];
  };
  const placeTicket = async (authorization: string, draw: Draw, lines: object[]) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/lottery/bets',
      headers: { authorization },
      payload: { gameCode: south, drawId: draw.publicId, requestId: randomUUID(), bets: lines },
    });
    return response.json<Envelope>();
  };
  const balances = async (member: MemberRow) => ({
    cash: await kit.balance(member),
    bonus: await bonus.balance(member),
  });
  const betsOf = (member: MemberRow) =>
    testApp.database.db
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.memberId, member.id))
      .orderBy(asc(lotteryBets.lineNo));
  /** Draws and settles the draw; answers each of the member's lines with its payout. */
  const settle = async (draw: Draw, member: MemberRow) => {
    const { db } = testApp.database;
    await passCutoff(db, draw.publicId, true);
    await job.closeDue();
    await job.drawDue();
    await job.settleDue();
    const [row] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.publicId, draw.publicId));
    const game = findLotteryGame(south);
    if (!row?.result || !game) throw new Error('not drawn');
    const lines = await betsOf(member);
    for (const line of lines) expect(line.payout).toBe(payoutOf(game, row.result, line));
    return { drawId: row.id, lines };
  };
  const bonusShare = (line: { payout: bigint; stake: bigint; bonusStaked: bigint }) =>
    (line.payout * line.bonusStaked) / line.stake;

  it('refuses a ticket above the bonus maximum stake and changes nothing', async () => {
    const { member, authorization } = await player(10_000n);
    await bonus.grant(member, 10_000n, { maxStake: 3_000n });
    const draw = await currentDraw(authorization);
    const transactions = await kit.transactionCount();
    const refused = await placeTicket(authorization, draw, ticketLines(draw));
    expect(refused).toMatchObject({ success: false, code: 'BONUS_MAX_STAKE' });
    expect(await balances(member)).toEqual({ cash: 10_000n, bonus: 10_000n });
    expect(await kit.transactionCount()).toBe(transactions);
    expect(await betsOf(member)).toEqual([]);
    expect((await bonus.latest(member)).wageringDone).toBe(0n);

    const taken = await placeTicket(authorization, draw, ticketLines(draw).slice(0, 1));
    expect(taken.success).toBe(true);
    expect(await balances(member)).toEqual({ cash: 8_200n, bonus: 10_000n });
  });

  it('stakes the bonus balance without cash, counts the contribution and pays wins back to it', async () => {
    const { member, authorization } = await player(0n);
    await bonus.grant(member, 100_000n, { contributions: { LOTT: 50 } });
    const draw = await currentDraw(authorization);
    const placed = await placeTicket(authorization, draw, ticketLines(draw));
    expect(placed).toMatchObject({ success: true, value: { totalStake: '36.00' } });
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 96_400n });
    expect(minorOf(placed.value.balance)).toBe(96_400n);
    expect((await betsOf(member)).map((line) => line.bonusStaked)).toEqual([1_800n, 1_800n]);
    expect((await bonus.latest(member)).wageringDone).toBe(1_800n);

    const { drawId, lines } = await settle(draw, member);
    const won = lines.reduce((sum, line) => sum + line.payout, 0n);
    expect(won).toBeGreaterThan(0n);
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 96_400n + won });

    // A settler taking the draw over after the bonus ended re-posts no win and stops on none.
    await testApp.app.promotions.bonuses.forfeit({
      brandId: member.brandId,
      memberId: member.id,
      currency: 'USD',
    });
    const afterForfeit = await balances(member);
    const transactions = await kit.transactionCount();
    await testApp.database.db.execute(
      sql`update lottery_draws set status = 'settling', settle_lease_until = now() - interval '1 second' where id = ${drawId}`,
    );
    await job.settleDue();
    expect(await kit.transactionCount()).toBe(transactions);
    expect(await balances(member)).toEqual(afterForfeit);
    const [row] = await testApp.database.db.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId));
    expect(row?.status).toBe('settled');
  });

  it('stakes cash first: the cash covers the first lines, bonus money the last, and wins follow', async () => {
    const { member, authorization } = await player(2_000n);
    await bonus.grant(member, 10_000n);
    const draw = await currentDraw(authorization);
    const placed = await placeTicket(authorization, draw, ticketLines(draw));
    expect(placed.success).toBe(true);
    expect(await balances(member)).toEqual({ cash: 0n, bonus: 8_400n });
    expect((await betsOf(member)).map((line) => line.bonusStaked)).toEqual([0n, 1_600n]);

    const { lines } = await settle(draw, member);
    const won = lines.reduce((sum, line) => sum + line.payout, 0n);
    const toBonus = lines.reduce((sum, line) => sum + bonusShare(line), 0n);
    expect(toBonus).toBeGreaterThan(0n);
    expect(await balances(member)).toEqual({ cash: won - toBonus, bonus: 8_400n + toBonus });
  });
});
