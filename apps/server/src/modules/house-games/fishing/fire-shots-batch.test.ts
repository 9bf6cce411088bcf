import type { FishingBatchResult } from '@wps/contracts/fishing';
import { like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { findInvariantViolations } from '../../../testing/test-database';
import type { MemberRow } from '../../members/members.service';
import { ledgerTransactions } from '../../wallet/wallet.tables';
import { createManualScheduler, createTestClock, crashPlayers } from '../crash.test-helpers';
import { createSeedService } from '../seeds.service';
import { decideShot, isBulletPower, isFishCode } from './fish-rules';
import { createFishingService, fishingFairnessGame, verifyFishingShot } from './fishing.service';

const minor = (decimal: string): bigint => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

const usd = (member: MemberRow) => ({ id: member.brandId, currency: 'USD' });

/** Five reef shots of 1.00 each (5.00 in all), with ids of their own. */
const fiveShots = (tag: string) =>
  Array.from({ length: 5 }, (_, index) => ({
    shotId: `${tag}-${index}`,
    fish: index % 2 === 0 ? 'goby' : 'clownfish',
    power: 1,
    stake: '1.00',
  }));

describe('fishing: batches of several members in one transaction', () => {
  let testApp: TestApp;
  let players: ReturnType<typeof crashPlayers>;
  const clock = createTestClock();

  beforeEach(async () => {
    testApp = await createTestApp({}, { scheduler: createManualScheduler(), clock: clock.now });
    players = crashPlayers(testApp.database);
  });
  afterEach(async () => {
    expect(await findInvariantViolations(testApp.database)).toEqual([]);
    await testApp.close();
  });

  it('plays a burst of batches as one; a member short of cash is answered as alone, with nothing moved for refused shots', async () => {
    const { app, database } = testApp;
    const seeds = createSeedService({
      db: database.db,
      verifiers: { [fishingFairnessGame]: verifyFishingShot },
    });
    const fishing = createFishingService({
      db: database.db,
      ledger: app.wallet.ledger,
      wallet: app.wallet.wallet,
      turnover: app.turnover.turnover,
      bonuses: app.promotions.bonuses,
      seeds,
      protection: app.protection.protection,
      clock: clock.now,
    });
    // The third member has 2.50: two of their five shots are covered.
    const funds = [100_000n, 100_000n, 250n, 100_000n, 100_000n, 100_000n];
    const members = await Promise.all(funds.map(async (amount) => (await players.add(amount)).member));
    const sessions = await Promise.all(
      members.map((member) => fishing.open(member, usd(member), { room: 'reef' })),
    );
    const sessionOf = (index: number) => {
      const session = sessions[index];
      if (!session) throw new Error(`no session ${index}`);
      return session;
    };
    const burst = (tag: string, who: readonly number[], batchIdOf = (index: number) => `${tag}-${index}`) =>
      Promise.all(
        who.map((index) => {
          const member = members[index];
          if (!member) throw new Error(`no member ${index}`);
          return fishing.fire(member, usd(member), sessionOf(index).sessionId, {
            batchId: batchIdOf(index),
            shots: fiveShots(batchIdOf(index)),
          });
        }),
      );

    // The accounts a batch reads beforehand are cached (as after a player's first batch), so the burst's
    // batches reach the queue in the same turn.
    await app.wallet.ledger.ensureSystemAccount(members[0]?.brandId ?? 0n, 'house', 'USD');
    const before = fishing.firingCounts();
    const first = await burst('first', [0, 1, 2, 3, 4, 5]);
    const counts = fishing.firingCounts();
    // The short member declined the group: they were played alone, the five others together.
    expect(counts.groups - before.groups).toBeGreaterThanOrEqual(1);
    expect(counts.grouped - before.grouped).toBeGreaterThanOrEqual(2);
    expect(counts.alone - before.alone).toBeGreaterThanOrEqual(1);
    expect(counts.declined - before.declined).toBeGreaterThanOrEqual(1);

    const expectPlayed = async (index: number, answer: FishingBatchResult | undefined, fired: number) => {
      const member = members[index];
      if (!answer || !member) throw new Error(`no answer ${index}`);
      const session = sessionOf(index);
      const funded = funds[index] ?? 0n;
      const won = minor(answer.won);
      const sent = fiveShots(`first-${index}`);
      expect(answer.shots.map((shot) => [shot.shotId, shot.nonce])).toEqual(
        sent.slice(0, fired).map((shot, at) => [shot.shotId, session.seeds.nextNonce + at]),
      );
      expect(answer.refused).toEqual(
        sent.slice(fired).map((shot) => ({ shotId: shot.shotId, reason: 'INSUFFICIENT_FUNDS' })),
      );
      expect(answer).toMatchObject({ staked: `${fired}.00`, isReplay: false });
      expect(answer.session).toEqual({ shots: fired, staked: answer.staked, won: answer.won });
      expect(answer.shots.reduce((sum, shot) => sum + minor(shot.payout), 0n)).toBe(won);
      // The money is exactly the fired shots': the balance answered is the wallet's, one bet posting and a win
      // posting only when a fish died.
      const balance = funded - BigInt(fired) * 100n + won;
      expect(minor(answer.balance)).toBe(balance);
      expect(await players.balance(member)).toBe(balance);
      const postings = await database.db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(like(ledgerTransactions.idempotencyKey, `fishing:${session.sessionId}:first-${index}:%`));
      expect(postings.map((posting) => posting.kind).sort()).toEqual(won > 0n ? ['bet', 'win'] : ['bet']);
      // Each shot recomputes from the revealed seed and its nonce.
      const { revealed } = await seeds.rotate(member, fishingFairnessGame);
      if (!revealed) throw new Error('no seed revealed');
      for (const shot of answer.shots) {
        const { fish, power } = shot;
        if (!isFishCode(fish) || !isBulletPower(power)) throw new Error(`not a shot: ${fish} ${power}`);
        const seedsOfShot = {
          serverSeed: revealed.serverSeed,
          clientSeed: revealed.clientSeed,
          nonce: shot.nonce,
        };
        const decided = decideShot(seedsOfShot, { fish, stake: 100n, power });
        expect([decided.killed, decided.payout]).toEqual([shot.killed, minor(shot.payout)]);
      }
    };
    for (const [index, answer] of first.entries()) await expectPlayed(index, answer, index === 2 ? 2 : 5);

    // Again, the first member resending their batch: it is answered as before, and the others go together.
    const again = await burst('second', [0, 1, 3, 4], (index) =>
      index === 0 ? 'first-0' : `second-${index}`,
    );
    const regrouped = fishing.firingCounts();
    expect(regrouped.groups - counts.groups).toBeGreaterThanOrEqual(1);
    expect(again[0]).toEqual({ ...first[0], isReplay: true });
    for (const [position, index] of [1, 3, 4].entries()) {
      const member = members[index];
      const answer = again[position + 1];
      if (!member || !answer) throw new Error(`no answer ${index}`);
      const won = minor(first[index]?.won ?? '') + minor(answer.won);
      expect(answer.session.shots).toBe(10);
      expect(answer.refused).toEqual([]);
      expect(await players.balance(member)).toBe(100_000n - 1_000n + won);
    }
  });
});
