import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashServerSeed } from '../fairness';
import { findTable, type TableDefinition } from './table-config';
import { cutPositionOf, dealTableRound, resultView } from './table-results';
import { findLatestRound, findOpenShoe, findShoe } from './tables.repository';
import { houseTableRounds, houseTableShoes } from './tables.tables';
import { openTablesHarness, type TablesHarness, testTableSettings } from './tables.test-helpers';
import { verifyTableResult, verifyTableRound } from './verify-table-round';

const tableOf = (code: string): TableDefinition => {
  const table = findTable(code);
  if (!table) throw new Error(`no table ${code}`);
  return table;
};

const latest = async (harness: TablesHarness, code: string) => {
  const round = await findLatestRound(harness.database.db, code);
  if (!round) throw new Error(`no round on ${code}`);
  return round;
};

const bettingMs = testTableSettings.bettingMs ?? 0;

describe('house tables: the round cycle', () => {
  let harness: TablesHarness;
  beforeEach(async () => {
    harness = await openTablesHarness();
  });
  afterEach(async () => {
    await harness.close();
  });

  it('opens a committed round per table, closes it at its close by the clock, deals, settles, then opens the next', async () => {
    const driver = harness.instance();
    await driver.drive();
    for (const code of ['BAC-A', 'BAC-B', 'ROU-A', 'DT-A']) {
      const round = await latest(harness, code);
      expect(round).toMatchObject({ number: 1, status: 'betting', result: null });
      if (round.serverSeed !== null) expect(hashServerSeed(round.serverSeed)).toBe(round.serverSeedHash);
    }
    const baccarat = await latest(harness, 'BAC-A');
    const shoe = await findOpenShoe(harness.database.db, 'BAC-A');
    expect(baccarat.serverSeedHash).toBe(shoe?.seedHash);
    expect(baccarat.shoePosition).toBe(0);

    harness.clock.advance(bettingMs - 1);
    await driver.drive();
    expect((await latest(harness, 'ROU-A')).status).toBe('betting');

    harness.clock.advance(1);
    await driver.drive();
    const roulette = await latest(harness, 'ROU-A');
    expect(roulette.status).toBe('dealing');
    expect(roulette.steps).toHaveLength(1);
    const dealtBaccarat = await latest(harness, 'BAC-A');
    expect(dealtBaccarat.steps?.length).toBe(dealtBaccarat.cardsUsed);
    expect((await findOpenShoe(harness.database.db, 'BAC-A'))?.nextPosition).toBe(dealtBaccarat.cardsUsed);
    const dragon = await latest(harness, 'DT-A');
    expect(dragon.steps?.map((step) => step.side)).toEqual(['dragon', 'tiger']);

    const endsAt = Math.max(
      ...(await Promise.all(['BAC-A', 'BAC-B', 'ROU-A', 'DT-A'].map((code) => latest(harness, code)))).map(
        (round) => round.dealingEndsAt?.getTime() ?? 0,
      ),
    );
    harness.clock.set(endsAt);
    await driver.drive();
    expect((await latest(harness, 'ROU-A')).status).toBe('settled');
    await driver.drive();
    expect((await latest(harness, 'ROU-A')).number).toBe(1);

    harness.clock.advance(testTableSettings.pauseMs ?? 0);
    await driver.drive();
    const second = await latest(harness, 'BAC-A');
    expect(second).toMatchObject({ number: 2, status: 'betting', shoeId: baccarat.shoeId });
    expect(second.shoePosition).toBe(dealtBaccarat.cardsUsed);
  });

  it('streams each change once to every listener, stamped first with the server time it was made', async () => {
    const driver = harness.instance();
    await driver.drive();
    const frames: string[][] = [[], []];
    const first = await Promise.all(
      frames.map((received) => driver.subscribe('ROU-A', (frame) => received.push(frame))),
    );
    const stampOf = (frame: string | undefined) =>
      /^event: state\ndata: \{"at":(\d+),"/.exec(frame ?? '')?.[1];
    expect(stampOf(first[0]?.frame)).toBe(String(harness.clock.now()));
    harness.clock.advance(bettingMs);
    await driver.drive();
    // The driver tells the streams once its change is written, without waiting for them.
    await vi.waitFor(() => {
      expect(frames[1]).toHaveLength(1);
    });
    expect(frames[1]).toEqual(frames[0]);
    expect(stampOf(frames[0]?.[0])).toBe(String(harness.clock.now()));
    expect(JSON.parse((frames[0]?.[0] ?? '').split('data: ')[1] ?? '')).toMatchObject({
      tableId: 'ROU-A',
      round: { phase: 'DEALING' },
    });
  });

  it('drives each table once with two instances; the other takes over when the lease is given up', async () => {
    const first = harness.instance();
    const second = harness.instance();
    await Promise.all([first.drive(), second.drive()]);
    for (let step = 0; step < 12; step += 1) {
      harness.clock.advance(250);
      await Promise.all([first.drive(), second.drive()]);
    }
    await first.close();
    for (let step = 0; step < 12; step += 1) {
      harness.clock.advance(250);
      await Promise.all([first.drive(), second.drive()]);
    }
    const rounds = await harness.database.db
      .select()
      .from(houseTableRounds)
      .where(eq(houseTableRounds.tableCode, 'ROU-A'));
    const numbers = rounds.map((round) => round.number).sort((a, b) => a - b);
    expect(numbers.length).toBeGreaterThanOrEqual(2);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    expect(rounds.filter((round) => round.status !== 'settled').length).toBeLessThanOrEqual(1);
  });

  it('deals a round whose close passed while nobody drove from its committed seed (restart rule)', async () => {
    const crashed = harness.instance();
    await crashed.drive();
    const before = await latest(harness, 'DT-A');
    // The driver stops without giving up its lease; another instance waits for the lease to lapse.
    const successor = harness.instance();
    harness.clock.advance(bettingMs + 500);
    await successor.drive();
    expect((await latest(harness, 'DT-A')).status).toBe('betting');
    harness.clock.advance(testTableSettings.leaseMs ?? 0);
    await successor.drive();
    const dealt = await latest(harness, 'DT-A');
    expect(dealt).toMatchObject({ id: before.id, status: 'dealing' });
    if (before.serverSeed === null) throw new Error('a dragon tiger round has its own seed');
    const expected = dealTableRound('DRAGON_TIGER', {
      serverSeed: before.serverSeed,
      clientSeed: before.clientSeed,
      nonce: before.nonce,
      shoePosition: 0,
    });
    expect(dealt.result).toEqual(resultView(expected));
  });

  it('verifies a dealt round, and a baccarat round once its shoe ended at the cut card', async () => {
    const driver = harness.instance({ tables: [tableOf('ROU-A'), tableOf('BAC-A')] });
    await driver.drive();
    harness.clock.advance(bettingMs);
    await driver.drive();
    const roulette = await latest(harness, 'ROU-A');
    const verification = await verifyTableRound(harness.database.db, roulette.id.toString());
    expect(verification).toMatchObject({ commitmentMatches: true, resultMatches: true });
    expect(
      verifyTableResult({
        serverSeed: verification.serverSeed,
        clientSeed: verification.clientSeed,
        nonce: verification.nonce,
        params: { game: 'ROULETTE' },
      }),
    ).toMatchObject(roulette.result ?? {});

    const baccarat = await latest(harness, 'BAC-A');
    await expect(verifyTableRound(harness.database.db, baccarat.id.toString())).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const shoe = await findOpenShoe(harness.database.db, 'BAC-A');
    if (!shoe) throw new Error('no shoe');
    expect(shoe.cutPosition).toBe(cutPositionOf(shoe.seed, shoe.clientSeed));
    // Move the shoe to its cut card: the next round starts a new shoe and the old one is revealed.
    await harness.database.db
      .update(houseTableShoes)
      .set({ nextPosition: shoe.cutPosition })
      .where(eq(houseTableShoes.id, shoe.id));
    harness.clock.advance(10_000);
    await driver.drive();
    harness.clock.advance(10_000);
    await driver.drive();
    const next = await latest(harness, 'BAC-A');
    expect(next.shoeId).not.toBe(shoe.id);
    expect(next.shoePosition).toBe(0);
    expect((await findShoe(harness.database.db, shoe.id))?.endedAt).not.toBeNull();
    const revealed = await verifyTableRound(harness.database.db, baccarat.id.toString());
    expect(revealed).toMatchObject({ commitmentMatches: true, resultMatches: true, serverSeed: shoe.seed });
  });
});
