import { randomUUID } from 'node:crypto';
import type {
  FishingBatchResult,
  FishingRooms,
  FishingSession,
  FishingShotProof,
} from '@wps/contracts/fishing';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember } from '../../../testing/test-app';
import { gameRounds, gameTransactions } from '../../games/games.tables';
import type { MemberRow } from '../../members/members.service';
import { turnoverEvents } from '../../turnover/turnover.tables';
import { walletTestKit } from '../../wallet/wallet-api.test-helpers';
import { ledgerTransactions } from '../../wallet/wallet.tables';
import { decideShot, isBulletPower, isFishCode } from './fish-rules';
import { closeIdleFishingJobName } from './fishing.service';

type Json = Record<string, unknown>;
type Envelope<T> = { success: boolean; value: T; code?: string; message: string };
type Shot = { shotId?: string; fish: string; power: number; stake: string };

const minor = (decimal: string): bigint => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

/** A platform on the test's own database whose clock moves only when the test moves it. */
const setUp = async () => {
  const clock = { now: Date.parse('2026-11-24T10:00:00.000Z') };
  const testApp = await createTestApp({}, { clock: () => clock.now });
  const kit = walletTestKit(testApp);
  const player = async (name: string, funds: bigint) => {
    const member = await kit.addMember(name);
    if (funds > 0n) await kit.fund(member, funds);
    const { authorization } = await loginAsMember(testApp, member.username);
    return { member, authorization };
  };
  const call = async <T = Json>(
    method: 'GET' | 'POST',
    url: string,
    options: { authorization?: string; payload?: object } = {},
  ) => {
    const response = await testApp.app.inject({
      method,
      url,
      ...(options.authorization ? { headers: { authorization: options.authorization } } : {}),
      ...(options.payload ? { payload: options.payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };
  const open = async (authorization: string, room = 'reef') =>
    (await call<FishingSession>('POST', '/wps/fishing/sessions', { authorization, payload: { room } })).body;
  const fire = (authorization: string, sessionId: string, shots: Shot[], batchId: string = randomUUID()) =>
    call<FishingBatchResult>('POST', `/wps/fishing/sessions/${sessionId}/shots`, {
      authorization,
      payload: { batchId, shots: shots.map((shot) => ({ shotId: randomUUID(), ...shot })) },
    });
  const close = (authorization: string, sessionId: string) =>
    call<FishingSession>('POST', `/wps/fishing/sessions/${sessionId}/close`, { authorization });
  const nextNonce = async (authorization: string) =>
    (await call<{ nextNonce: number }>('GET', '/wps/house/seeds?game=fishing', { authorization })).body.value
      .nextNonce;
  return { testApp, kit, clock, player, call, open, fire, close, nextNonce };
};

describe('fishing', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  let member: MemberRow;
  let authorization: string;

  beforeAll(async () => {
    t = await setUp();
    ({ member, authorization } = await t.player('fisher', 100_000n));
  });
  afterAll(() => t.testApp.close());

  it('lists three rooms by stake size with their fish, bosses only in the bigger rooms', async () => {
    const { body } = await t.call<FishingRooms>('GET', '/wps/fishing/rooms');
    expect(body.success).toBe(true);
    const rooms = body.value.rooms;
    expect(rooms.map((room) => [room.code, room.stakes])).toEqual([
      ['shallows', ['0.01', '0.02', '0.05', '0.10']],
      ['reef', ['0.10', '0.20', '0.50', '1.00']],
      ['deep', ['1.00', '2.00', '5.00', '10.00']],
    ]);
    const bosses = rooms.map((room) => room.fish.filter((kind) => kind.boss).map((kind) => kind.code));
    expect(bosses).toEqual([[], ['dragon-king'], ['dragon-king', 'kraken']]);
    expect(rooms.every((room) => room.rtpBasisPoints === 9_700)).toBe(true);
    expect(body.value).toMatchObject({ currency: 'USD', powers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
  });

  it('opens one session per room, and answers the open one again', async () => {
    const first = await t.open(authorization, 'reef');
    expect(first.value).toMatchObject({
      room: 'reef',
      status: 'OPEN',
      shots: 0,
      staked: '0.00',
      roundId: null,
    });
    expect(first.value.seeds.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.value.balance).toBe('1000.00');
    expect((await t.open(authorization, 'reef')).value.sessionId).toBe(first.value.sessionId);
    expect((await t.open(authorization, 'deep')).value.sessionId).not.toBe(first.value.sessionId);
    const guest = await t.call('POST', '/wps/fishing/sessions', { payload: { room: 'reef' } });
    expect(guest.status).toBe(401);
  });

  it('decides every shot from the seeds and moves exactly the stakes out and the wins in, in two postings', async () => {
    const session = (await t.open(authorization, 'deep')).value;
    const before = await t.kit.balance(member);
    const nonce = await t.nextNonce(authorization);
    const shots: Shot[] = Array.from({ length: 12 }, (_, index) => ({
      fish: index % 2 === 0 ? 'clownfish' : 'goby',
      power: (index % 3) + 1,
      stake: '1.00',
    }));
    const batchId = randomUUID();
    const { body } = await t.fire(authorization, session.sessionId, shots, batchId);
    expect(body.success).toBe(true);
    const result = body.value;
    expect(result.shots.map((shot) => shot.nonce)).toEqual(shots.map((_, index) => nonce + index));
    expect(result.refused).toEqual([]);
    const staked = result.shots.reduce((sum, shot) => sum + minor(shot.cost), 0n);
    const won = result.shots.reduce((sum, shot) => sum + minor(shot.payout), 0n);
    expect(minor(result.staked)).toBe(staked);
    expect(staked).toBe(BigInt(shots.reduce((sum, shot) => sum + shot.power * 100, 0)));
    expect(minor(result.won)).toBe(won);
    for (const shot of result.shots) {
      expect(minor(shot.payout)).toBe(shot.killed ? minor(shot.cost) * BigInt(shot.multiplier) : 0n);
    }
    const after = await t.kit.balance(member);
    expect(after).toBe(before - staked + won);
    expect(minor(result.balance)).toBe(after);
    expect(result.session).toEqual({ shots: 12, staked: result.staked, won: result.won });

    const postings = await t.testApp.database.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `fishing:${session.sessionId}:${batchId}:%`));
    expect(postings.map((posting) => posting.kind).sort()).toEqual(won > 0n ? ['bet', 'win'] : ['bet']);

    // Rotating reveals the server seed: every shot recomputes to the same draw.
    const rotated = await t.call<{ revealed: { serverSeed: string; clientSeed: string } }>(
      'POST',
      '/wps/house/seeds/rotate',
      { authorization, payload: { game: 'fishing' } },
    );
    const { serverSeed, clientSeed } = rotated.body.value.revealed;
    for (const shot of result.shots) {
      const { fish, power } = shot;
      if (!isFishCode(fish) || !isBulletPower(power)) throw new Error(`not a shot: ${fish} ${power}`);
      const recomputed = decideShot(
        { serverSeed, clientSeed, nonce: shot.nonce },
        { fish, stake: 100n, power },
      );
      expect(recomputed.killed).toBe(shot.killed);
    }
  });

  it('answers a retried batch with the same shots and moves nothing; other shots under its id are a conflict', async () => {
    const session = (await t.open(authorization, 'reef')).value;
    const batchId = randomUUID();
    const shots: Shot[] = [
      { shotId: 'a1', fish: 'octopus', power: 2, stake: '0.50' },
      { shotId: 'a2', fish: 'dragon-king', power: 1, stake: '0.10' },
    ];
    const first = (await t.fire(authorization, session.sessionId, shots, batchId)).body.value;
    const balance = await t.kit.balance(member);
    const count = await t.kit.transactionCount();
    const nonce = await t.nextNonce(authorization);
    const again = await t.fire(authorization, session.sessionId, shots, batchId);
    expect(again.body.value).toEqual({ ...first, isReplay: true });
    expect(await t.kit.balance(member)).toBe(balance);
    expect(await t.kit.transactionCount()).toBe(count);
    expect(await t.nextNonce(authorization)).toBe(nonce);
    const changed = await t.fire(
      authorization,
      session.sessionId,
      [{ shotId: 'a1', fish: 'octopus', power: 3, stake: '0.50' }],
      batchId,
    );
    expect(changed.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('refuses a fish not in the room, a bad power or a stake not of the room, with nothing moved', async () => {
    const session = (await t.open(authorization, 'shallows')).value;
    const balance = await t.kit.balance(member);
    const count = await t.kit.transactionCount();
    const nonce = await t.nextNonce(authorization);
    const bad: Shot[][] = [
      [{ fish: 'kraken', power: 1, stake: '0.01' }],
      [{ fish: 'nemo', power: 1, stake: '0.01' }],
      [
        { fish: 'goby', power: 1, stake: '0.01' },
        { fish: 'goby', power: 11, stake: '0.01' },
      ],
      [{ fish: 'goby', power: 0, stake: '0.01' }],
      [{ fish: 'goby', power: 1.5, stake: '0.01' }],
      [{ fish: 'goby', power: 1, stake: '0.03' }],
      [{ fish: 'goby', power: 1, stake: '1.00' }],
      [{ fish: 'goby', power: 1, stake: '0.001' }],
      [{ fish: 'goby', power: 1, stake: '-0.01' }],
    ];
    for (const shots of bad) {
      const { status, body } = await t.fire(authorization, session.sessionId, shots);
      expect([status, body.code], JSON.stringify(shots)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const twice = await t.call('POST', `/wps/fishing/sessions/${session.sessionId}/shots`, {
      authorization,
      payload: {
        batchId: randomUUID(),
        shots: [
          { shotId: 'same', fish: 'goby', power: 1, stake: '0.01' },
          { shotId: 'same', fish: 'goby', power: 1, stake: '0.01' },
        ],
      },
    });
    expect(twice.body.code).toBe('VALIDATION_FAILED');
    expect(await t.kit.balance(member)).toBe(balance);
    expect(await t.kit.transactionCount()).toBe(count);
    expect(await t.nextNonce(authorization)).toBe(nonce);
    const stranger = await t.player('stranger', 1_000n);
    const foreign = await t.fire(stranger.authorization, session.sessionId, [
      { fish: 'goby', power: 1, stake: '0.01' },
    ]);
    expect(foreign.body.code).toBe('NOT_FOUND');
  });

  it('fires the shots the balance covers and refuses the rest; with nothing covered it moves nothing', async () => {
    const poor = await t.player('poorfisher', 5n);
    const session = (await t.open(poor.authorization, 'shallows')).value;
    const shot = { fish: 'goby', power: 1, stake: '0.02' };
    const { body } = await t.fire(poor.authorization, session.sessionId, [shot, shot, shot]);
    expect(body.value.shots).toHaveLength(2);
    expect(body.value.refused.map((refused) => refused.reason)).toEqual(['INSUFFICIENT_FUNDS']);
    expect(await t.kit.balance(poor.member)).toBe(5n - 4n + minor(body.value.won));
    // The shot the balance refused was not taken from the allowance: 18 of the burst of 20 are left.
    await t.kit.fund(poor.member, 1_000n);
    const rest = await t.fire(
      poor.authorization,
      session.sessionId,
      Array.from({ length: 19 }, () => ({ ...shot, stake: '0.01' })),
    );
    expect(rest.body.value.shots).toHaveLength(18);
    expect(rest.body.value.refused.map((refused) => refused.reason)).toEqual(['RATE_LIMITED']);
    const broke = await t.player('brokefisher', 0n);
    const empty = (await t.open(broke.authorization, 'shallows')).value;
    const count = await t.kit.transactionCount();
    const refused = await t.fire(broke.authorization, empty.sessionId, [shot]);
    expect([refused.status, refused.body.code]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect(await t.kit.transactionCount()).toBe(count);
  });

  it('holds every player to their shot rate: a burst of 20, then 10 a second', async () => {
    const rapid = await t.player('rapidfisher', 100_000n);
    const session = (await t.open(rapid.authorization, 'shallows')).value;
    const shot = { fish: 'clownfish', power: 1, stake: '0.01' };
    const burst = await t.fire(
      rapid.authorization,
      session.sessionId,
      Array.from({ length: 20 }, () => shot),
    );
    expect(burst.body.value.shots).toHaveLength(20);
    const count = await t.kit.transactionCount();
    const spent = await t.fire(rapid.authorization, session.sessionId, [shot]);
    expect([spent.status, spent.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(await t.kit.transactionCount()).toBe(count);
    t.clock.now += 500;
    const refilled = await t.fire(
      rapid.authorization,
      session.sessionId,
      Array.from({ length: 8 }, () => shot),
    );
    expect(refilled.body.value.shots).toHaveLength(5);
    expect(refilled.body.value.refused).toHaveLength(3);
    expect(refilled.body.value.refused.every((refused) => refused.reason === 'RATE_LIMITED')).toBe(true);
    // Every session of the player draws on the same allowance.
    const other = (await t.open(rapid.authorization, 'reef')).value;
    const elsewhere = await t.fire(rapid.authorization, other.sessionId, [{ ...shot, stake: '0.10' }]);
    expect(elsewhere.body.code).toBe('RATE_LIMITED');
    t.clock.now += 10_000;
  });

  it('closing writes one round of the betting record with its calls and its valid bet on turnover', async () => {
    const closer = await t.player('closer', 100_000n);
    await t.testApp.app.turnover.turnover.addRequirement(t.testApp.database.db, {
      brandId: closer.member.brandId,
      memberId: closer.member.id,
      currency: 'USD',
      amount: 100_000n,
      reference: 'test:requirement',
      source: 'deposit',
    });
    const session = (await t.open(closer.authorization, 'reef')).value;
    const shot = { fish: 'angelfish', power: 2, stake: '0.50' };
    const batches = [];
    for (let index = 0; index < 3; index += 1) {
      batches.push((await t.fire(closer.authorization, session.sessionId, [shot, shot])).body.value);
    }
    const staked = batches.reduce((sum, batch) => sum + minor(batch.staked), 0n);
    const won = batches.reduce((sum, batch) => sum + minor(batch.won), 0n);
    const closed = (await t.close(closer.authorization, session.sessionId)).body.value;
    expect(closed).toMatchObject({ status: 'CLOSED', shots: 6 });
    expect(closed.roundId).toMatch(/^\d+$/);
    expect((await t.close(closer.authorization, session.sessionId)).body.value.roundId).toBe(closed.roundId);

    const { db } = t.testApp.database;
    const rounds = await db.select().from(gameRounds).where(eq(gameRounds.memberId, closer.member.id));
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({
      roundRef: `fishing-${session.sessionId}`,
      status: 'settled',
      productLine: 'FISH',
      betAmount: staked,
      winAmount: won,
      validBet: staked,
    });
    expect(rounds[0]?.details).toMatchObject({ game: 'fishing', sessionId: session.sessionId, shots: 6 });
    const calls = await db
      .select({ kind: gameTransactions.kind, amount: gameTransactions.amount })
      .from(gameTransactions)
      .where(eq(gameTransactions.roundId, rounds[0]?.id ?? 0n));
    expect(calls.filter((call) => call.kind === 'bet').reduce((sum, call) => sum + call.amount, 0n)).toBe(
      staked,
    );
    expect(calls.filter((call) => call.kind === 'win').reduce((sum, call) => sum + call.amount, 0n)).toBe(
      won,
    );
    const counted = await db
      .select({ amount: turnoverEvents.amount })
      .from(turnoverEvents)
      .where(and(eq(turnoverEvents.memberId, closer.member.id), eq(turnoverEvents.source, 'bet')));
    expect(counted.map((event) => event.amount)).toEqual([staked]);

    const late = await t.fire(closer.authorization, session.sessionId, [shot]);
    expect([late.status, late.body.code]).toEqual([409, 'FISHING_SESSION_CLOSED']);
    const records = await t.call<{ list: Array<{ betAmount: string }> }>(
      'GET',
      '/wps/member/betting-records?productLine=ALL',
      { authorization: closer.authorization },
    );
    expect(records.body.value.list).toHaveLength(1);
  });

  it('closes a session left idle, once, and leaves a fresh one open', async () => {
    const idler = await t.player('idler', 10_000n);
    const session = (await t.open(idler.authorization, 'reef')).value;
    await t.fire(idler.authorization, session.sessionId, [{ fish: 'goby', power: 1, stake: '0.10' }]);
    const fresh = (await t.open(idler.authorization, 'deep')).value;
    t.clock.now += 5 * 60_000 + 1;
    await t.fire(idler.authorization, fresh.sessionId, [{ fish: 'goby', power: 1, stake: '1.00' }]);
    await t.testApp.app.platform.scheduler.runNow(closeIdleFishingJobName);
    await t.testApp.app.platform.scheduler.runNow(closeIdleFishingJobName);
    const rounds = await t.testApp.database.db
      .select({ roundRef: gameRounds.roundRef })
      .from(gameRounds)
      .where(eq(gameRounds.memberId, idler.member.id));
    expect(rounds).toEqual([{ roundRef: `fishing-${session.sessionId}` }]);
    expect((await t.open(idler.authorization, 'deep')).value.sessionId).toBe(fresh.sessionId);
    expect((await t.open(idler.authorization, 'reef')).value.sessionId).not.toBe(session.sessionId);
  });

  it('proves a shot: its seeds, its draw, and the fairness page recomputes it once the seed is revealed', async () => {
    const prover = await t.player('prover', 10_000n);
    const session = (await t.open(prover.authorization, 'deep')).value;
    const fired = (
      await t.fire(prover.authorization, session.sessionId, [
        { shotId: 'proof-1', fish: 'kraken', power: 3, stake: '2.00' },
      ])
    ).body.value;
    const path = `/wps/fishing/sessions/${session.sessionId}/shots/proof-1`;
    const hidden = (await t.call<FishingShotProof>('GET', path, prover)).body.value;
    expect(hidden).toMatchObject({ shotId: 'proof-1', fish: 'kraken', multiplier: 1_000, cost: '6.00' });
    expect(hidden.serverSeed).toBeNull();
    expect(hidden.bound).toBe(10_000_000);
    expect(hidden.killed).toBe(hidden.draw < 9_700);
    expect(hidden.killed).toBe(fired.shots[0]?.killed);
    expect((await t.call('GET', path.replace('proof-1', 'nope'), prover)).body.code).toBe('NOT_FOUND');

    await t.call('POST', '/wps/house/seeds/rotate', { ...prover, payload: { game: 'fishing' } });
    const proof = (await t.call<FishingShotProof>('GET', path, prover)).body.value;
    expect(proof.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const link = new URL(proof.verifyPath, 'http://site');
    expect(link.pathname).toBe('/fairness');
    const params = Object.fromEntries(
      ['fish', 'power', 'stake', 'rtpBasisPoints'].map((name) => [name, link.searchParams.get(name) ?? '']),
    );
    const verified = await t.call<{ result: Json }>('POST', '/wps/house/fairness/verify', {
      payload: {
        game: 'fishing',
        serverSeed: proof.serverSeed,
        clientSeed: link.searchParams.get('clientSeed'),
        nonce: Number(link.searchParams.get('nonce')),
        params,
      },
    });
    expect(verified.body.value.result).toEqual({
      fish: 'kraken',
      multiplier: 1_000,
      rtpBasisPoints: 9_700,
      draw: proof.draw,
      bound: 10_000_000,
      killed: proof.killed,
      costMinorUnits: '600',
      payoutMinorUnits: proof.killed ? '600000' : '0',
    });
    expect(JSON.parse(link.searchParams.get('recorded') ?? '{}')).toEqual({
      killed: proof.killed,
      draw: proof.draw,
      payoutMinorUnits: proof.killed ? '600000' : '0',
    });
  });
});
