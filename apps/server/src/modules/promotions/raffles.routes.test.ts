import type { Raffle } from '@wps/contracts/promotion-games';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listAuditEvents } from '../audit/audit.service';
import {
  createDepositFixture,
  type DepositFixture,
  envelopeOf,
  type TestMember,
} from '../payments/deposits.test-helpers';
import { hashServerSeed } from '../house-games/fair-draws.service';
import { drawRafflesJobName } from './promotion-games.service';
import { insertRaffle } from './promotion-games.test-helpers';
import { memberRewards } from './promotions.tables';
import { drawWinningTickets, raffleClientSeed } from './raffles/draw-winners';

const hourMs = 3_600_000;
const startedAt = Date.now();
let clockMs = startedAt;
let testApp: TestApp;
let fixture: DepositFixture;

beforeAll(async () => {
  testApp = await createTestApp({}, { clock: () => clockMs });
  fixture = createDepositFixture(testApp);
});
afterAll(() => testApp.close());

const raffleOf = async (member: TestMember, id: bigint): Promise<Raffle> =>
  (
    await testApp.app.inject({
      method: 'GET',
      url: `/wps/promotions/${id}/raffle`,
      headers: { authorization: member.authorization },
    })
  ).json<{ value: Raffle }>().value;

const claim = (member: TestMember, id: bigint) =>
  testApp.app.inject({
    method: 'POST',
    url: '/wps/relay/MCS2_claimRafflePromotion',
    headers: { authorization: member.authorization },
    payload: { promotionId: id.toString() },
  });

const bet = (member: TestMember, amount: bigint, reference: string) =>
  testApp.database.db.transaction((tx) =>
    testApp.app.turnover.turnover.recordValidBet(tx, {
      brandId: member.brandId,
      memberId: member.id,
      currency: 'USD',
      amount,
      reference,
      productLine: 'RNG',
    }),
  );

describe('raffle', () => {
  it('earns tickets from deposits and valid bets, draws provably fair once, and pays each prize once', async () => {
    const depositor = await fixture.createMember();
    const player = await fixture.createMember();
    const id = await insertRaffle(testApp.database.db, depositor.brandId, {
      depositPerTicket: '10',
      validBetPerTicket: '50',
      prizes: ['100', '50', '20'],
      endsAt: new Date(startedAt + hourMs),
      drawAt: new Date(startedAt + 2 * hourMs),
      turnoverPercent: 200,
    });
    testApp.app.promotions.raffles.forgetOpenRaffles();
    expect(await raffleOf(depositor, id)).toMatchObject({ status: 'pending', myTickets: 0, totalTickets: 0 });

    // A deposit credited by staff (25.00: 2 tickets, 5.00 kept), then 5.00 more through the hook: 3 tickets.
    const created = envelopeOf<{ id: string }>(
      await fixture.deposit(depositor, {
        channelCode: 'BANK_TRANSFER',
        amount: '25.00',
        playerReference: 'R1',
      }),
    ).value;
    expect((await fixture.approve(created.id)).statusCode).toBe(200);
    expect((await raffleOf(depositor, id)).myTickets).toBe(2);
    await testApp.database.db.transaction((tx) =>
      testApp.app.promotions.raffles.recordDeposit(tx, {
        brandId: depositor.brandId,
        memberId: depositor.id,
        currency: 'USD',
        amount: 500n,
        reference: 'deposit:test',
      }),
    );
    // Valid bets: 120.00 (2 tickets, 20.00 kept), the same bet reported again (nothing), 30.00 more: 3 tickets.
    await bet(player, 12_000n, 'round:1');
    await bet(player, 12_000n, 'round:1');
    await bet(player, 3_000n, 'round:2');
    const before = await raffleOf(player, id);
    expect(before).toMatchObject({ myTickets: 3, totalTickets: 6, winners: [], claimable: '0.00' });
    expect(before.proof?.serverSeed).toBeNull();
    const committedHash = before.proof?.serverSeedHash;
    expect(committedHash).toMatch(/^[0-9a-f]{64}$/);

    // Not due yet: nothing drawn. After the end no ticket is earned any more.
    await testApp.app.platform.scheduler.runNow(drawRafflesJobName);
    expect((await raffleOf(player, id)).status).toBe('pending');
    clockMs = startedAt + 3 * hourMs;
    await bet(player, 50_000n, 'round:late');
    expect((await raffleOf(player, id)).myTickets).toBe(3);

    await testApp.app.platform.scheduler.runNow(drawRafflesJobName);
    await testApp.app.platform.scheduler.runNow(drawRafflesJobName);
    const drawn = await raffleOf(player, id);
    expect(drawn.status).toBe('drawn');
    expect(drawn.winners).toHaveLength(3);
    const proof = drawn.proof;
    if (!proof?.serverSeed || !proof.clientSeed) throw new Error('no proof after the draw');
    expect(hashServerSeed(proof.serverSeed)).toBe(committedHash);
    const order = proof.ticketOrder.map((run) => ({
      memberId: run.member,
      first: run.first,
      tickets: run.tickets,
    }));
    expect(order).toEqual([
      { memberId: depositor.id.toString(), first: 0, tickets: 3 },
      { memberId: player.id.toString(), first: 3, tickets: 3 },
    ]);
    expect(raffleClientSeed(order)).toBe(proof.clientSeed);
    const tickets = drawWinningTickets(
      { serverSeed: proof.serverSeed, clientSeed: proof.clientSeed, nonce: 0 },
      6,
      3,
    );
    expect(drawn.winners.map((winner) => winner.ticket)).toEqual(tickets);
    expect(new Set(tickets).size).toBe(3);
    // Drawn once (two runs), audited once with its prizes, as the platform's action.
    expect(await listAuditEvents(testApp.database.db, 'promotion', id.toString())).toMatchObject([
      {
        actorType: 'system',
        actorId: drawRafflesJobName,
        action: 'promotions.raffle.draw',
        after: { totalTickets: 6, clientSeed: proof.clientSeed, winners: expect.any(Array) as unknown[] },
      },
    ]);

    const rewards = await testApp.database.db
      .select()
      .from(memberRewards)
      .where(and(eq(memberRewards.promotionId, id), eq(memberRewards.source, 'raffle')));
    expect(rewards.map((reward) => reward.amount).sort()).toEqual([10_000n, 2_000n, 5_000n].sort());

    for (const member of [depositor, player]) {
      const won = rewards.filter((reward) => reward.memberId === member.id);
      const total = won.reduce((sum, reward) => sum + reward.amount, 0n);
      const cashBefore = await fixture.balance(member);
      const turnoverBefore = await fixture.turnoverRemaining(member);
      const answer = await claim(member, id);
      if (won.length === 0) {
        expect(answer.json()).toMatchObject({ code: 'NOTHING_TO_CLAIM' });
        continue;
      }
      expect(answer.json()).toMatchObject({ success: true, value: { claimed: won.length } });
      expect(await fixture.balance(member)).toBe(cashBefore + total);
      expect(await fixture.turnoverRemaining(member)).toBe(turnoverBefore + total * 2n);
      expect((await claim(member, id)).json()).toMatchObject({ code: 'NOTHING_TO_CLAIM' });
      expect(await fixture.balance(member)).toBe(cashBefore + total);
      expect((await raffleOf(member, id)).winners.filter((winner) => winner.isMine)).toHaveLength(won.length);
    }
  });
});
