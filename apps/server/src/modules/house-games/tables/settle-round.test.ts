import { inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findInvariantViolations } from '../../../testing/test-database';
import { gameRounds } from '../../games/games.tables';
import type { MemberRow } from '../../members/members.repository';
import { bonusTestKit } from '../bonus.test-helpers';
import { crashPlayers } from '../crash.test-helpers';
import { baccaratBetKinds, baccaratReturn } from './baccarat.rules';
import { rouletteSpots } from './roulette.rules';
import { settleRound } from './settle-round';
import { findTable, type TableDefinition } from './table-config';
import { dealTableRound } from './table-results';
import { findLatestRound, findShoe, listRoundBets } from './tables.repository';
import { openTablesHarness, type TablesHarness, testTableSettings } from './tables.test-helpers';

const usd = (member: MemberRow) => ({ id: member.brandId, currency: 'USD' });

const tableOf = (code: string): TableDefinition => {
  const table = findTable(code);
  if (!table) throw new Error(`no table ${code}`);
  return table;
};

describe('house tables: settlement', () => {
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

  const dealtRound = async (service: ReturnType<TablesHarness['instance']>, code: string) => {
    harness.clock.advance(testTableSettings.bettingMs ?? 0);
    await service.drive();
    const round = await findLatestRound(harness.database.db, code);
    if (round?.status !== 'dealing' || !round.dealingEndsAt) throw new Error('the round was not dealt');
    return round;
  };

  it('pays every roulette spot by the rules, once, and writes the betting records', async () => {
    const service = harness.instance({ tables: [tableOf('ROU-A')] });
    await service.drive();
    const open = await findLatestRound(harness.database.db, 'ROU-A');
    if (!open) throw new Error('no round');
    const spots = [
      'red',
      'black',
      'odd',
      'even',
      'low',
      'high',
      'dozen:1',
      'column:2',
      'straight:0',
      'split:1-2',
    ];
    const members = await Promise.all(spots.map(() => players.add(100_000n)));
    for (const [index, { member }] of members.entries()) {
      await service.placeBets(member, usd(member), {
        tableId: 'ROU-A',
        roundId: open.id.toString(),
        bets: [
          { spot: spots[index] ?? 'red', amount: '10.00' },
          { spot: 'straight:17', amount: '10.00' },
        ],
        requestId: `req-${index}`,
      });
    }
    const round = await dealtRound(service, 'ROU-A');
    if (round.serverSeed === null) throw new Error('no seed');
    const result = dealTableRound('ROULETTE', { ...round, serverSeed: round.serverSeed, shoePosition: 0 });
    if (result.game !== 'ROULETTE') throw new Error('not roulette');
    const returnOn = (spot: string) => {
      const found = rouletteSpots.get(spot);
      if (!found) throw new Error(spot);
      return found.numbers.includes(result.pocket) ? 1_000n + 1_000n * found.pays : 0n;
    };

    harness.clock.set(round.dealingEndsAt?.getTime() ?? 0);
    // Two settlers at once (a driver taking over mid-settlement): still each bet once.
    await Promise.all([
      settleRound(service.context, round.id),
      settleRound(harness.instance().context, round.id),
    ]);
    await service.drive();
    expect((await findLatestRound(harness.database.db, 'ROU-A'))?.status).toBe('settled');
    const bets = await listRoundBets(harness.database.db, round.id);
    expect(bets.every((bet) => bet.status === 'settled')).toBe(true);
    for (const [index, { member }] of members.entries()) {
      const spot = spots[index] ?? 'red';
      const returned = returnOn(spot) + returnOn('straight:17');
      expect(await players.balance(member)).toBe(100_000n - 2_000n + returned);
    }
    const records = await harness.database.db
      .select()
      .from(gameRounds)
      .where(
        inArray(
          gameRounds.id,
          bets.map((bet) => bet.gameRoundId ?? 0n),
        ),
      );
    expect(records).toHaveLength(members.length);
    for (const record of records) {
      expect(record.status).toBe('settled');
      expect(record.validBet).toBe(2_000n);
      const own = bets.filter((bet) => bet.gameRoundId === record.id);
      expect(record.winAmount).toBe(own.reduce((sum, bet) => sum + bet.returned, 0n));
    }
  });

  it('settles baccarat by the rules and counts a Player and Banker hedge as its difference', async () => {
    const service = harness.instance({ tables: [tableOf('BAC-A')] });
    await service.drive();
    const open = await findLatestRound(harness.database.db, 'BAC-A');
    if (!open) throw new Error('no round');
    const { member } = await players.add(1_000_000n);
    await service.placeBets(member, usd(member), {
      tableId: 'BAC-A',
      roundId: open.id.toString(),
      bets: [
        { spot: 'player', amount: '50.00' },
        { spot: 'banker', amount: '30.00' },
        { spot: 'playerPair', amount: '10.00' },
        { spot: 'bankerPair', amount: '10.00' },
        { spot: 'tie', amount: '10.00' },
      ],
      requestId: 'hedge',
    });
    const round = await dealtRound(service, 'BAC-A');
    harness.clock.set(round.dealingEndsAt?.getTime() ?? 0);
    await service.drive();
    const shoe = round.shoeId === null ? undefined : await findShoe(harness.database.db, round.shoeId);
    if (!shoe) throw new Error('no shoe');
    const result = dealTableRound('BACCARAT', {
      serverSeed: shoe.seed,
      clientSeed: shoe.clientSeed,
      nonce: 0,
      shoePosition: round.shoePosition ?? 0,
    });
    if (result.game !== 'BACCARAT') throw new Error('not baccarat');
    const bets = await listRoundBets(harness.database.db, round.id);
    let returned = 0n;
    for (const bet of bets) {
      const kind = baccaratBetKinds.find((candidate) => candidate === bet.spot) ?? 'tie';
      expect(bet.returned).toBe(baccaratReturn({ kind, stake: bet.amount }, result.hand));
      returned += bet.returned;
    }
    expect(await players.balance(member)).toBe(1_000_000n - 11_000n + returned);
    const [record] = await harness.database.db
      .select()
      .from(gameRounds)
      .where(inArray(gameRounds.id, [bets[0]?.gameRoundId ?? 0n]));
    // 20.00 of Player against Banker, plus the three side bets; on a tie the Player and Banker part is 0.
    expect(record?.validBet).toBe(result.hand.outcome === 'tie' ? 3_000n : 5_000n);
  });

  it('counts a roulette round toward an active bonus’s wagering, and the turnover once', async () => {
    const service = harness.instance({ tables: [tableOf('ROU-A')] });
    await service.drive();
    const open = await findLatestRound(harness.database.db, 'ROU-A');
    if (!open) throw new Error('no round');
    const bonus = bonusTestKit(harness.testApp.app, harness.database);
    const withBonus = await players.add(100_000n);
    const without = await players.add(100_000n);
    await bonus.grant(withBonus.member, 5_000n, { contributions: { LIVE: 50 } });
    for (const [index, { member }] of [withBonus, without].entries()) {
      await service.placeBets(member, usd(member), {
        tableId: 'ROU-A',
        roundId: open.id.toString(),
        bets: [{ spot: 'red', amount: '20.00' }],
        requestId: `wager-${index}`,
      });
    }
    const { turnover } = harness.testApp.app.turnover;
    const { member } = withBonus;
    await harness.database.db.transaction((tx) =>
      turnover.addRequirement(tx, {
        brandId: member.brandId,
        memberId: member.id,
        currency: 'USD',
        amount: 10_000n,
        source: 'deposit',
        reference: 'deposit:wager',
      }),
    );
    const round = await dealtRound(service, 'ROU-A');
    harness.clock.set(round.dealingEndsAt?.getTime() ?? 0);
    await service.drive();
    await service.drive();
    expect(await turnover.remaining(withBonus.member.id, 'USD')).toBe(8_000n);
    // Half of the 20.00 valid bet counts (LIVE at 50 %).
    expect((await bonus.latest(withBonus.member)).wageringDone).toBe(1_000n);
  });
});
