import { AppError } from '../../../http/app-error';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findInvariantViolations } from '../../../testing/test-database';
import type { MemberRow } from '../../members/members.repository';
import { crashPlayers } from '../crash.test-helpers';
import { findTable, type TableDefinition } from './table-config';
import { findLatestRound, listMemberRoundBets } from './tables.repository';
import { openTablesHarness, type TablesHarness, testTableSettings } from './tables.test-helpers';

const usd = (member: MemberRow) => ({ id: member.brandId, currency: 'USD' });

const tableOf = (code: string): TableDefinition => {
  const table = findTable(code);
  if (!table) throw new Error(`no table ${code}`);
  return table;
};

const codeOf = (error: unknown): string => (error instanceof AppError ? error.code : String(error));

describe('house tables: bets', () => {
  let harness: TablesHarness;
  let players: ReturnType<typeof crashPlayers>;
  beforeEach(async () => {
    harness = await openTablesHarness();
    players = crashPlayers(harness.database);
  });
  afterEach(async () => {
    expect(await findInvariantViolations(harness.database)).toEqual([]);
    await harness.close();
  });

  const openRound = async (service: ReturnType<TablesHarness['instance']>, code: string) => {
    await service.drive();
    const round = await findLatestRound(harness.database.db, code);
    if (!round) throw new Error('no round');
    return round;
  };

  it('takes a set of spots in one debit, idempotent by request id, and refuses after the close', async () => {
    const service = harness.instance({ tables: [tableOf('BAC-A')] });
    const round = await openRound(service, 'BAC-A');
    const { member } = await players.add(1_000_000n);
    const request = {
      tableId: 'BAC-A',
      roundId: round.id.toString(),
      bets: [
        { spot: 'player', amount: '20.00' },
        { spot: 'tie', amount: '10.00' },
      ],
      requestId: 'r-1',
    };
    const bets = await service.placeBets(member, usd(member), request);
    expect(bets.map((bet) => [bet.spot, bet.amount])).toEqual([
      ['player', 2_000n],
      ['tie', 1_000n],
    ]);
    expect(await players.balance(member)).toBe(1_000_000n - 3_000n);
    const again = await service.placeBets(member, usd(member), request);
    expect(again.map((bet) => bet.id)).toEqual(bets.map((bet) => bet.id));
    expect(await players.balance(member)).toBe(1_000_000n - 3_000n);

    await expect(
      service.placeBets(member, usd(member), {
        ...request,
        bets: [{ spot: 'dragon', amount: '1.00' }],
        requestId: 'r-2',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

    harness.clock.advance(testTableSettings.bettingMs ?? 0);
    await expect(
      service.placeBets(member, usd(member), { ...request, requestId: 'r-3' }),
    ).rejects.toMatchObject({
      code: 'TABLE_BETTING_CLOSED',
    });
    expect(await players.balance(member)).toBe(1_000_000n - 3_000n);
  });

  it("sends a burst of bets' totals to the streams as one frame, and a round's step at once", async () => {
    const service = harness.instance({ tables: [tableOf('ROU-A')], settings: { totalsEveryMs: 60_000 } });
    const round = await openRound(service, 'ROU-A');
    const frames: string[] = [];
    await service.subscribe('ROU-A', (frame) => frames.push(frame));
    const members = await Promise.all(Array.from({ length: 5 }, () => players.add(100_000n)));
    await Promise.all(
      members.map(({ member }, index) =>
        service.placeBets(member, usd(member), {
          tableId: 'ROU-A',
          roundId: round.id.toString(),
          bets: [{ spot: 'red', amount: '10.00' }],
          requestId: `burst-${String(index)}`,
        }),
      ),
    );
    expect(frames).toEqual([]);
    harness.clock.advance(testTableSettings.bettingMs ?? 0);
    await service.drive();
    await vi.waitFor(() => {
      expect(frames).toHaveLength(1);
    });
    const state = JSON.parse(frames[0]?.split('data: ')[1] ?? '') as { totals: { bets: number } };
    expect(state).toMatchObject({ round: { phase: 'DEALING' }, totals: { bets: 5, players: 5 } });
  });

  it('holds the per spot and per round limits under a burst of one member', async () => {
    const table = { ...tableOf('DT-A'), minStake: 100n, maxStake: 5_000n, maxPerRound: 8_000n };
    const service = harness.instance({ tables: [table] });
    const round = await openRound(service, 'DT-A');
    const { member } = await players.add(1_000_000n);
    const place = (requestId: string, spot: string, amount: string) =>
      service.placeBets(member, usd(member), {
        tableId: 'DT-A',
        roundId: round.id.toString(),
        bets: [{ spot, amount }],
        requestId,
      });
    // The limits are told in the currency's decimals, as the member sends stakes.
    await expect(place('small', 'tie', '0.50')).rejects.toMatchObject({
      code: 'TABLE_BET_LIMIT',
      message: 'A stake on tie is from 1.00 to 50.00 a round',
    });
    // Ten requests of 10.00 on the dragon at once: the spot takes 50.00, so five go in.
    const dragon = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => place(`dragon-${index}`, 'dragon', '10.00')),
    );
    expect(dragon.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    for (const outcome of dragon) {
      if (outcome.status === 'rejected') expect(codeOf(outcome.reason)).toBe('TABLE_BET_LIMIT');
    }
    // Then ten of 10.00 on the tiger: the round takes 80.00 in all, so three more go in.
    const tiger = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => place(`tiger-${index}`, 'tiger', '10.00')),
    );
    expect(tiger.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    await expect(place('over', 'tiger', '1.00')).rejects.toMatchObject({
      message: 'A member stakes at most 80.00 on one round of this table',
    });
    const bets = await listMemberRoundBets(harness.database.db, round.id, member.id);
    expect(bets.reduce((sum, bet) => sum + bet.amount, 0n)).toBe(8_000n);
    expect(await players.balance(member)).toBe(1_000_000n - 8_000n);
  });

  it('refuses a request above the balance and moves nothing', async () => {
    const service = harness.instance({ tables: [tableOf('ROU-A')] });
    const round = await openRound(service, 'ROU-A');
    const { member } = await players.add(1_500n);
    await expect(
      service.placeBets(member, usd(member), {
        tableId: 'ROU-A',
        roundId: round.id.toString(),
        bets: [
          { spot: 'red', amount: '10.00' },
          { spot: 'straight:17', amount: '10.00' },
        ],
        requestId: 'too-much',
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(await listMemberRoundBets(harness.database.db, round.id, member.id)).toEqual([]);
    expect(await players.balance(member)).toBe(1_500n);
  });

  it("places a burst of members' requests in one transaction; when one cannot pay, each goes alone", async () => {
    const service = harness.instance({ tables: [tableOf('ROU-A')] });
    const round = await openRound(service, 'ROU-A');
    const members = await Promise.all(
      Array.from({ length: 8 }, (_, index) => players.add(index === 3 ? 500n : 100_000n)),
    );
    const burst = (tag: string, who: typeof members) =>
      Promise.allSettled(
        who.map(({ member }) =>
          service.placeBets(member, usd(member), {
            tableId: 'ROU-A',
            roundId: round.id.toString(),
            bets: [{ spot: 'red', amount: '10.00' }],
            requestId: `${tag}-${member.id}`,
          }),
        ),
      );
    // The fourth member has 5.00: the batch is declined, and every request is answered as if alone.
    const first = await burst('first', members);
    expect(first.map((outcome) => outcome.status)).toEqual(
      members.map((_, index) => (index === 3 ? 'rejected' : 'fulfilled')),
    );
    const short = members[3];
    if (!short) throw new Error('no fourth member');
    expect(await players.balance(short.member)).toBe(500n);
    // The others bet again: their requests go together.
    const before = service.placementCounts();
    const payers = members.filter((_, index) => index !== 3);
    const second = await burst('second', payers);
    expect(second.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    const after = service.placementCounts();
    expect(after.groups).toBeGreaterThan(before.groups);
    expect(after.grouped - before.grouped).toBeGreaterThanOrEqual(2);
    for (const { member } of payers) {
      expect(await players.balance(member)).toBe(100_000n - 2_000n);
      const bets = await listMemberRoundBets(harness.database.db, round.id, member.id);
      expect(bets.map((bet) => [bet.spot, bet.amount])).toEqual([
        ['red', 1_000n],
        ['red', 1_000n],
      ]);
    }
  });

  it('at the close, each bet of a burst is either in the round or refused, never both', async () => {
    const driver = harness.instance({ tables: [tableOf('ROU-A')] });
    const round = await openRound(driver, 'ROU-A');
    const closesAt = round.closesAt.getTime();
    // The bets' instance still sees the round open; the driver's clock has reached the close.
    const bettor = harness.instance({ tables: [tableOf('ROU-A')], clock: () => closesAt - 1 });
    harness.clock.set(closesAt);
    const members = await Promise.all(Array.from({ length: 12 }, () => players.add(100_000n)));
    const outcomes = await Promise.allSettled([
      ...members.map(({ member }, index) =>
        bettor.placeBets(member, usd(member), {
          tableId: 'ROU-A',
          roundId: round.id.toString(),
          bets: [{ spot: 'red', amount: '10.00' }],
          requestId: `close-${index}`,
        }),
      ),
      driver.drive(),
    ]);
    expect((await findLatestRound(harness.database.db, 'ROU-A'))?.status).toBe('dealing');
    for (const [index, { member }] of members.entries()) {
      const outcome = outcomes[index];
      const rows = await listMemberRoundBets(harness.database.db, round.id, member.id);
      const balance = await players.balance(member);
      if (outcome?.status === 'fulfilled') {
        expect(rows).toHaveLength(1);
        expect(balance).toBe(99_000n);
      } else {
        expect(codeOf(outcome?.reason)).toBe('TABLE_BETTING_CLOSED');
        expect(rows).toHaveLength(0);
        expect(balance).toBe(100_000n);
      }
    }
  });
});
