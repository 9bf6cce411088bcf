import { inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findInvariantViolations } from '../../../testing/test-database';
import { gameRounds } from '../../games/games.tables';
import type { MemberRow } from '../../members/members.repository';
import { findFight, listFightBets } from './cockfight.repository';
import type { CockfightService } from './cockfight.service';
import {
  betOn,
  type CockfightHarness,
  openCockfightHarness,
  openOperatorFight,
  staffActor,
} from './cockfight.test-helpers';
import { netPool, poolsOf } from './pari-mutuel';
import { settleFight } from './settle-fight';

type Stake = { side: 'meron' | 'wala' | 'draw'; amount: string };

/** Members with 1,000.00 each, one bet each, on an open fight of the operator. */
const bookOf = async (harness: CockfightHarness, service: CockfightService, stakes: readonly Stake[]) => {
  const fightId = await openOperatorFight(service, harness.brand);
  const members: MemberRow[] = [];
  for (const stake of stakes) {
    const { member } = await harness.players.add(100_000n);
    await betOn(service, member, fightId, stake.side, stake.amount);
    members.push(member);
  }
  await service.close(staffActor, harness.brand.id, fightId);
  return { fightId, members };
};

const recordsOf = async (harness: CockfightHarness, fightId: bigint) => {
  const bets = await listFightBets(harness.database.db, fightId);
  const records = await harness.database.db
    .select()
    .from(gameRounds)
    .where(
      inArray(
        gameRounds.id,
        bets.map((bet) => bet.gameRoundId ?? 0n),
      ),
    );
  return { bets, records };
};

describe('cockfight: settlement', () => {
  let harness: CockfightHarness;
  beforeEach(async () => {
    harness = await openCockfightHarness();
  });
  afterEach(async () => {
    expect(await findInvariantViolations(harness.database)).toEqual([]);
    await harness.close();
  });

  it('pays the winning side from both pools less the commission, floored, once, with its betting records', async () => {
    const service = harness.instance({ settings: { minStake: '0.01' } });
    const stakes: Stake[] = [
      { side: 'meron', amount: '33.33' },
      { side: 'meron', amount: '10.01' },
      { side: 'wala', amount: '70.00' },
      { side: 'wala', amount: '0.07' },
      { side: 'draw', amount: '5.00' },
    ];
    const { fightId, members } = await bookOf(harness, service, stakes);
    await service.enterResult(staffActor, harness.brand.id, fightId, 'meron');
    // A second settlement (and a second result) pays nothing more.
    await service.settle(fightId);
    await expect(service.enterResult(staffActor, harness.brand.id, fightId, 'wala')).rejects.toMatchObject({
      code: 'FIGHT_STATE_CONFLICT',
    });

    const meron = 3_333n + 1_001n;
    const wala = 7_000n + 7n;
    const net = ((meron + wala) * 9_500n) / 10_000n;
    const expected = [(3_333n * net) / meron, (1_001n * net) / meron, 0n, 0n, 0n];
    for (const [index, member] of members.entries()) {
      const stake = BigInt(Math.round(Number(stakes[index]?.amount) * 100));
      expect(await harness.players.balance(member)).toBe(100_000n - stake + (expected[index] ?? 0n));
    }
    const paid = expected.reduce((sum, amount) => sum + amount, 0n);
    expect(paid).toBeLessThanOrEqual(
      netPool({ meron, wala }, { commissionBasisPoints: 500, drawMultiplier: 8n }),
    );
    expect(net - paid).toBeLessThan(2n);

    const { bets, records } = await recordsOf(harness, fightId);
    expect(bets.map((bet) => bet.status)).toEqual(['won', 'won', 'lost', 'lost', 'lost']);
    expect(records).toHaveLength(5);
    for (const bet of bets) {
      const record = records.find((row) => row.id === bet.gameRoundId);
      expect(record).toMatchObject({ status: 'settled', winAmount: bet.returned, validBet: bet.amount });
    }
    expect((await findFight(harness.database.db, fightId))?.status).toBe('settled');
  });

  it('pays a draw its fixed 8× and returns meron and wala bets, which count no valid bet', async () => {
    const service = harness.instance();
    const { fightId, members } = await bookOf(harness, service, [
      { side: 'meron', amount: '10.00' },
      { side: 'wala', amount: '20.00' },
      { side: 'draw', amount: '3.00' },
    ]);
    await service.enterResult(staffActor, harness.brand.id, fightId, 'draw');
    const [meron, wala, draw] = members;
    if (!meron || !wala || !draw) throw new Error('three members');
    expect(await harness.players.balance(meron)).toBe(100_000n);
    expect(await harness.players.balance(wala)).toBe(100_000n);
    expect(await harness.players.balance(draw)).toBe(100_000n - 300n + 2_400n);
    const { bets, records } = await recordsOf(harness, fightId);
    expect(bets.map((bet) => [bet.status, bet.returned])).toEqual([
      ['returned', 1_000n],
      ['returned', 2_000n],
      ['won', 2_400n],
    ]);
    const validBets = bets.map((bet) => records.find((row) => row.id === bet.gameRoundId)?.validBet);
    expect(validBets).toEqual([0n, 0n, 300n]);
  });

  it('returns every bet of a cancelled fight, and the meron and wala bets of an uncontested one', async () => {
    const service = harness.instance();
    const cancelled = await bookOf(harness, service, [
      { side: 'meron', amount: '10.00' },
      { side: 'draw', amount: '2.00' },
    ]);
    const fight = await service.cancel(staffActor, harness.brand.id, cancelled.fightId);
    expect(fight).toMatchObject({ phase: 'CANCELLED', result: 'cancelled' });
    for (const member of cancelled.members) expect(await harness.players.balance(member)).toBe(100_000n);

    const uncontested = await bookOf(harness, service, [
      { side: 'meron', amount: '10.00' },
      { side: 'draw', amount: '2.00' },
    ]);
    await service.enterResult(staffActor, harness.brand.id, uncontested.fightId, 'meron');
    const [meron, draw] = uncontested.members;
    if (!meron || !draw) throw new Error('two members');
    expect(await harness.players.balance(meron)).toBe(100_000n);
    expect(await harness.players.balance(draw)).toBe(100_000n - 200n);
  });

  it('pays each bet once when settlers race and when a settlement stops midway and is retried', async () => {
    const service = harness.instance({ settings: { settleChunkSize: 2 } });
    const stakes: Stake[] = Array.from({ length: 7 }, (_, index) => ({
      side: index % 2 === 0 ? 'meron' : 'wala',
      amount: `${index + 1}.00`,
    }));
    const { fightId, members } = await bookOf(harness, service, stakes);
    // The first settler stops after its first chunk (its process dies with the next ledger statement).
    const crashing = harness.instance({ settings: { settleChunkSize: 2 } });
    const { ledger } = crashing.context;
    let batches = 0;
    crashing.context.ledger = {
      ...ledger,
      postBatch: (...call: Parameters<typeof ledger.postBatch>) => {
        batches += 1;
        if (batches > 1) throw new Error('the settler died');
        return ledger.postBatch(...call);
      },
    };
    await crashing.enterResult(null, harness.brand.id, fightId, 'wala').catch(() => undefined);
    expect((await findFight(harness.database.db, fightId))?.status).toBe('closed');
    expect(
      (await listFightBets(harness.database.db, fightId)).filter((bet) => bet.status === 'placed'),
    ).toHaveLength(5);

    // Two settlers take over at once (the driver's pending settlements, and another call).
    await Promise.all([settleFight(harness.instance().context, fightId), harness.instance().settlePending()]);
    await service.settle(fightId);
    const fight = await findFight(harness.database.db, fightId);
    expect(fight?.status).toBe('settled');
    const bets = await listFightBets(harness.database.db, fightId);
    const pools = poolsOf(bets.map((bet) => ({ kind: bet.side, stake: bet.amount })));
    const net = netPool(pools, { commissionBasisPoints: 500, drawMultiplier: 8n });
    for (const [index, member] of members.entries()) {
      const stake = BigInt(index + 1) * 100n;
      const returned = index % 2 === 1 ? (stake * net) / pools.wala : 0n;
      expect(await harness.players.balance(member)).toBe(100_000n - stake + returned);
    }
    const { records } = await recordsOf(harness, fightId);
    expect(records.every((record) => record.status === 'settled')).toBe(true);
  });
});
