import { randomUUID } from 'node:crypto';
import type { SlotInfo, SlotRound } from '@wps/contracts/house-games';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { hashServerSeed } from './fairness';

type Json = Record<string, unknown>;
type Envelope<T> = { success: boolean; value: T; code?: string; message: string };

const setUp = async (environment: Record<string, string> = {}) => {
  const testApp = await createTestApp(environment);
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
  const spin = (authorization: string, bet: string, requestId: string = randomUUID()) =>
    call<SlotRound>('POST', '/wps/house/slot/spins', { authorization, payload: { requestId, bet } });
  const pool = async () =>
    (await call<{ amount: string; hits: number }>('GET', '/wps/house/slot/jackpot')).body.value;
  return { testApp, kit, player, call, spin, pool };
};

const minor = (decimal: string): bigint => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

describe('house slot', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  let member: MemberRow;
  let authorization: string;

  beforeAll(async () => {
    t = await setUp();
    ({ member, authorization } = await t.player('slotplayer', 10_000n));
  });
  afterAll(() => t.testApp.close());

  it('describes the game: bet levels, strips, exact return and the jackpot', async () => {
    const { body } = await t.call<SlotInfo>('GET', '/wps/house/slot');
    expect(body.success).toBe(true);
    expect(body.value.betLevels).toEqual(['1.00', '2.00', '5.00', '10.00', '20.00', '50.00', '100.00']);
    expect(body.value.reels).toHaveLength(5);
    expect(body.value.paylines).toHaveLength(20);
    expect(body.value.returnToPlayer).toEqual({ game: '95.6995%', jackpot: '1.1000%', total: '96.7995%' });
    expect(body.value.jackpot).toMatchObject({ amount: '1000.00', currency: 'USD', hits: 0 });
  });

  it('debits the stake, credits the win and answers the result with its seeds', async () => {
    const before = await t.kit.balance(member);
    const { body } = await t.spin(authorization, '2.00');
    expect(body.success).toBe(true);
    const round = body.value;
    expect(round.isReplay).toBe(false);
    expect(round.base.stops).toHaveLength(5);
    expect(round.base.grid.every((column) => column.length === 3)).toBe(true);
    const after = await t.kit.balance(member);
    expect(after).toBe(before - 200n + minor(round.totalWin));
    expect(minor(round.balance)).toBe(after);
    const freeSpinsWin = round.freeSpins.reduce((sum, free) => sum + minor(free.win), 0n);
    expect(minor(round.win)).toBe(minor(round.base.win) + freeSpinsWin);
    expect(round.seeds.nonce).toBe(0);
    expect(round.verifyPath).toContain(`serverSeedHash=${round.seeds.serverSeedHash}`);
  });

  it('answers a retry with the same spin and moves no money again', async () => {
    const requestId = randomUUID();
    const first = (await t.spin(authorization, '1.00', requestId)).body.value;
    const balance = await t.kit.balance(member);
    const count = await t.kit.transactionCount();
    const again = await t.spin(authorization, '1.00', requestId);
    expect(again.body.value).toMatchObject({
      roundId: first.roundId,
      isReplay: true,
      base: first.base,
      seeds: first.seeds,
    });
    expect(await t.kit.balance(member)).toBe(balance);
    expect(await t.kit.transactionCount()).toBe(count);
    const changed = await t.spin(authorization, '2.00', requestId);
    expect(changed.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('refuses a bet beyond the balance, and takes no nonce', async () => {
    const poor = await t.player('poorplayer', 150n);
    const nonceBefore = (await t.call<{ nextNonce: number }>('GET', '/wps/house/seeds?game=slot', poor)).body
      .value.nextNonce;
    const { status, body } = await t.spin(poor.authorization, '2.00');
    expect(status).toBe(409);
    expect(body).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await t.kit.balance(poor.member)).toBe(150n);
    const nonceAfter = (await t.call<{ nextNonce: number }>('GET', '/wps/house/seeds?game=slot', poor)).body
      .value.nextNonce;
    expect(nonceAfter).toBe(nonceBefore);
  });

  it('refuses a bet that is not a bet level, and guests', async () => {
    for (const bet of ['1.50', '1.001', '0', '-1.00', 'abc']) {
      const { body } = await t.spin(authorization, bet);
      expect(body.code, bet).toBe('VALIDATION_FAILED');
    }
    const guest = await t.call('POST', '/wps/house/slot/spins', {
      payload: { requestId: randomUUID(), bet: '1.00' },
    });
    expect(guest.body.code).toBe('UNAUTHORIZED');
  });

  it('puts the spin in the betting record with its proof and its calls', async () => {
    const round = (await t.spin(authorization, '5.00')).body.value;
    const records = await t.call<{ list: Array<Json & { roundId: string }> }>(
      'GET',
      '/wps/member/betting-records?productLine=RNG',
      { authorization },
    );
    const row = records.body.value.list.find((entry) => entry.roundId === round.roundId);
    expect(row).toMatchObject({
      vassalage: 'HOUSE',
      gameCode: 'HOUSE_SLOT',
      status: 'SETTLED',
      betAmount: '5.00',
      validBet: '5.00',
      winAmount: round.totalWin,
    });
    const detail = await t.call<{ details: Json; transactions: Json[] }>(
      'GET',
      `/wps/member/betting-records/${round.roundId}`,
      { authorization },
    );
    expect(detail.body.value.details).toMatchObject({
      game: 'slot',
      serverSeedHash: round.seeds.serverSeedHash,
      nonce: round.seeds.nonce,
      verifyPath: round.verifyPath,
    });
    expect(detail.body.value.transactions[0]).toMatchObject({ kind: 'bet', amount: '5.00' });
  });

  it('feeds the jackpot pool with 1% of every stake in the bet posting', async () => {
    const before = minor((await t.pool()).amount);
    await t.spin(authorization, '10.00');
    await t.spin(authorization, '50.00');
    expect(minor((await t.pool()).amount)).toBe(before + 10n + 50n);
  });
});

describe('seeds and verification', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  let authorization: string;

  beforeAll(async () => {
    t = await setUp();
    ({ authorization } = await t.player('seedplayer', 10_000n));
  });
  afterAll(() => t.testApp.close());

  it('shows the hash before play, reveals the seed on rotation and reproduces every spin from it', async () => {
    const active = (
      await t.call<{ serverSeedHash: string; clientSeed: string; nextNonce: number }>(
        'GET',
        '/wps/house/seeds',
        {
          authorization,
        },
      )
    ).body.value;
    expect(active.nextNonce).toBe(0);
    const spins = [];
    for (let index = 0; index < 4; index += 1) spins.push((await t.spin(authorization, '1.00')).body.value);
    expect(spins.map((spin) => spin.seeds.nonce)).toEqual([0, 1, 2, 3]);
    expect(spins.every((spin) => spin.seeds.serverSeedHash === active.serverSeedHash)).toBe(true);

    const hidden = await t.call<{ serverSeed: string | null }>(
      'GET',
      `/wps/house/fairness/seed-pairs/${active.serverSeedHash}`,
    );
    expect(hidden.body.value.serverSeed).toBeNull();

    const rotated = await t.call<{
      revealed: { serverSeed: string; serverSeedHash: string; noncesUsed: number };
      active: { serverSeedHash: string; clientSeed: string; nextNonce: number };
    }>('POST', '/wps/house/seeds/rotate', {
      authorization,
      payload: { game: 'slot', clientSeed: 'my-lucky-seed' },
    });
    const { revealed } = rotated.body.value;
    expect(revealed.serverSeedHash).toBe(active.serverSeedHash);
    expect(hashServerSeed(revealed.serverSeed)).toBe(active.serverSeedHash);
    expect(revealed.noncesUsed).toBe(4);
    expect(rotated.body.value.active).toMatchObject({ clientSeed: 'my-lucky-seed', nextNonce: 0 });
    expect(rotated.body.value.active.serverSeedHash).not.toBe(active.serverSeedHash);

    const listed = await t.call<{ list: Array<{ serverSeed: string }> }>('GET', '/wps/house/seeds/revealed', {
      authorization,
    });
    expect(listed.body.value.list.map((pair) => pair.serverSeed)).toEqual([revealed.serverSeed]);
    const lookedUp = await t.call<{ serverSeed: string }>(
      'GET',
      `/wps/house/fairness/seed-pairs/${active.serverSeedHash}`,
    );
    expect(lookedUp.body.value.serverSeed).toBe(revealed.serverSeed);

    for (const spin of spins) {
      const params = Object.fromEntries(new URL(spin.verifyPath, 'http://site').searchParams);
      const verified = await t.call<{
        serverSeedHash: string;
        result: { base: { stops: number[]; grid: string[][] }; freeSpins: unknown[]; winMinorUnits: string };
      }>('POST', '/wps/house/fairness/verify', {
        payload: {
          game: 'slot',
          serverSeed: revealed.serverSeed,
          clientSeed: spin.seeds.clientSeed,
          nonce: spin.seeds.nonce,
          params: { stake: params.stake, jackpotBound: params.jackpotBound },
        },
      });
      expect(verified.body.value.serverSeedHash).toBe(spin.seeds.serverSeedHash);
      expect(verified.body.value.result.base.stops).toEqual(spin.base.stops);
      // The link carries what the round drew, for the page to set beside the recomputation.
      expect(JSON.parse(params.recorded ?? '{}')).toEqual({
        base: { stops: spin.base.stops },
        freeSpins: spin.freeSpins.map((free) => ({ stops: free.stops })),
        jackpotHit: spin.jackpotHit,
      });
      expect(verified.body.value.result.base.grid).toEqual(spin.base.grid);
      expect(verified.body.value.result.freeSpins).toHaveLength(spin.freeSpins.length);
      expect(BigInt(verified.body.value.result.winMinorUnits)).toBe(minor(spin.win));
    }
  });

  it('lists the games it verifies and refuses others and bad client seeds', async () => {
    const games = await t.call<{ games: string[] }>('GET', '/wps/house/fairness/games');
    expect(games.body.value.games).toContain('slot');
    const unknown = await t.call('POST', '/wps/house/fairness/verify', {
      payload: { game: 'roulette', serverSeed: 'a', clientSeed: 'b', nonce: 0 },
    });
    expect(unknown.body.code).toBe('NOT_FOUND');
    const bad = await t.call('POST', '/wps/house/seeds/rotate', {
      authorization,
      payload: { game: 'slot', clientSeed: 'no spaces allowed' },
    });
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('progressive jackpot', () => {
  let t: Awaited<ReturnType<typeof setUp>>;

  // Odds stake 1.00: a stake of 1.00 always wins the jackpot, so wins can be watched.
  beforeAll(async () => {
    t = await setUp({ HOUSE_JACKPOT_ODDS_STAKE: '1.00', HOUSE_JACKPOT_SEED: '500.00' });
  });
  afterAll(() => t.testApp.close());

  it('pays the whole pool once per win and refills it from the house', async () => {
    const { member, authorization } = await t.player('jackpotwinner', 1_000n);
    expect((await t.pool()).amount).toBe('500.00');
    const requestId = randomUUID();
    const first = (await t.spin(authorization, '1.00', requestId)).body.value;
    expect(first.jackpotHit).toBe(true);
    expect(first.jackpotWin).toBe('500.01');
    expect(first.jackpot).toMatchObject({ amount: '500.00', hits: 1, lastWonAmount: '500.01' });
    const balance = await t.kit.balance(member);
    expect(balance).toBe(1_000n - 100n + minor(first.totalWin));

    const retry = (await t.spin(authorization, '1.00', requestId)).body.value;
    expect(retry).toMatchObject({ isReplay: true, jackpotWin: '500.01' });
    expect(await t.kit.balance(member)).toBe(balance);
    expect(await t.pool()).toMatchObject({ amount: '500.00', hits: 1 });

    const payouts = await t.testApp.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'win.jackpot'),
          like(ledgerTransactions.idempotencyKey, `house-slot:${first.roundId}:%`),
        ),
      );
    expect(payouts).toHaveLength(1);

    // The jackpot draw is part of the proof: after rotation, verification finds it won.
    const rotated = await t.call<{ revealed: { serverSeed: string } }>('POST', '/wps/house/seeds/rotate', {
      authorization,
      payload: { game: 'slot' },
    });
    const params = Object.fromEntries(new URL(first.verifyPath, 'http://site').searchParams);
    const verified = await t.call<{ result: { jackpotHit: boolean; jackpotDraw: number } }>(
      'POST',
      '/wps/house/fairness/verify',
      {
        payload: {
          game: 'slot',
          serverSeed: rotated.body.value.revealed.serverSeed,
          clientSeed: first.seeds.clientSeed,
          nonce: first.seeds.nonce,
          params: { stake: params.stake, jackpotBound: params.jackpotBound },
        },
      },
    );
    expect(params).toMatchObject({ stake: '100', jackpotBound: '100' });
    expect(verified.body.value.result.jackpotHit).toBe(true);
  });

  it('pays winners at the same time one after the other, each the pool as it stands', async () => {
    const players = await Promise.all(['jp1', 'jp2', 'jp3', 'jp4'].map((name) => t.player(name, 1_000n)));
    const hitsBefore = (await t.pool()).hits;
    const rounds = await Promise.all(players.map((p) => t.spin(p.authorization, '1.00')));
    const wins = rounds.map((round) => round.body.value.jackpotWin);
    // Each winner's pool is the seed plus their own 1% (and nothing paid twice).
    expect(wins).toEqual(['500.01', '500.01', '500.01', '500.01']);
    expect(await t.pool()).toMatchObject({ amount: '500.00', hits: hitsBefore + 4 });
  });
});

describe('spins at the same time', () => {
  let t: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    t = await setUp();
  });
  afterAll(() => t.testApp.close());

  it('settle every spin of many members at once, and a member’s spins in nonce order', async () => {
    const players = await Promise.all(
      Array.from({ length: 8 }, (_, index) => t.player(`crowd${index}`, 10_000n)),
    );
    const rounds = await Promise.all(
      players.flatMap((p) => Array.from({ length: 4 }, () => t.spin(p.authorization, '5.00'))),
    );
    expect(rounds.map((round) => round.body.code ?? 'OK')).toEqual(Array(32).fill('OK'));
    for (const p of players) {
      const own = rounds
        .map((round) => round.body.value)
        .filter((round) => round.balance !== '' && round.seeds.serverSeedHash !== '')
        .filter((_round, index) => Math.floor(index / 4) === players.indexOf(p));
      expect(own.map((round) => round.seeds.nonce).sort()).toEqual([0, 1, 2, 3]);
      const won = own.reduce((sum, round) => sum + minor(round.totalWin), 0n);
      expect(await t.kit.balance(p.member)).toBe(10_000n - 2_000n + won);
    }
  });
});
