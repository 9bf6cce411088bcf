import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { VendorWalletStatus } from '@wps/contracts/vendor-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import { gameRounds } from './games.tables';
import { type Body, createVendorKit, protocolCents, type VendorKit } from './vendor-wallet.test-helpers';

/**
 * A seeded simulation of vendors behaving as real ones do on a bad network: bets, wins and rollbacks with
 * calls dropped (the vendor rolls the bet back), answers lost (the bet went through, the vendor rolls it back
 * anyway), calls repeated (also several copies at once), bets overtaken by their own rollback, stray wins for
 * rolled-back bets, rollbacks after a win, and old calls replayed much later. Members play at the same time;
 * each member's calls go in the order the simulation chose.
 *
 * A sequential model of the protocol's rules, written apart from the service, predicts every answer (status
 * and balance) from the calls in the order each member sent them; at the end balances and rounds must equal
 * the model's, and the ledger invariants run when the test database closes.
 */

const seed = Number(process.env.VENDOR_WALLET_SIMULATION_SEED ?? 0x5eed_2026);
const memberCount = 8;
const roundsPerMember = 14;
const startingCents = 3_000n;

/** xorshift32: small, seeded, the same sequence on every run. */
const prng = (initial: number) => {
  let state = initial >>> 0 || 1;
  const next = (): number => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  return {
    /** An integer in [0, bound). */
    below: (bound: number): number => next() % bound,
    chance: (probability: number): boolean => next() / 0x1_0000_0000 < probability,
    cents: (low: number, high: number): bigint => BigInt(low + (next() % (high - low + 1))),
  };
};

// -------------------------------------------------------------------------------------------------------------
// The model: the protocol's rules over plain maps.

type Kind = 'bet' | 'win' | 'rollback';
type ModelTransaction = {
  kind: Kind | 'tombstone';
  member: string;
  fields: string;
  amount: bigint;
  round: string;
  isRolledBack: boolean;
};
type ModelRound = { bet: bigint; win: bigint; refunded: bigint; settled: boolean; hasWin: boolean };

type Call =
  | { kind: 'bet'; member: string; uuid: string; round: string; amount: bigint; closed: boolean }
  | {
      kind: 'win';
      member: string;
      uuid: string;
      round: string;
      reference: string;
      amount: bigint;
      closed: boolean;
    }
  | { kind: 'rollback'; member: string; uuid: string; round: string; reference: string; closed: boolean };

const createModel = (startingBalances: Map<string, bigint>) => {
  const transactions = new Map<string, ModelTransaction>();
  const rounds = new Map<string, ModelRound>();
  const balances = new Map(startingBalances);
  const roundOf = (member: string, round: string): ModelRound => {
    const key = `${member}/${round}`;
    const existing = rounds.get(key);
    if (existing) return existing;
    const created = { bet: 0n, win: 0n, refunded: 0n, settled: false, hasWin: false };
    rounds.set(key, created);
    return created;
  };
  const fieldsOf = (call: Call): string =>
    JSON.stringify([
      call.kind,
      call.member,
      call.round,
      'amount' in call ? call.amount.toString() : null,
      'reference' in call ? call.reference : null,
    ]);
  const credit = (member: string, amount: bigint) =>
    balances.set(member, (balances.get(member) ?? 0n) + amount);

  const apply = (call: Call): VendorWalletStatus => {
    const existing = transactions.get(call.uuid);
    if (existing) {
      if (call.kind === 'bet' && existing.kind === 'tombstone') return 'RS_ERROR_TRANSACTION_ROLLED_BACK';
      if (existing.kind !== call.kind || existing.fields !== fieldsOf(call))
        return 'RS_ERROR_DUPLICATE_TRANSACTION';
      return call.kind === 'bet' && existing.isRolledBack ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_OK';
    }
    if (call.kind === 'bet') {
      if ((balances.get(call.member) ?? 0n) < call.amount) return 'RS_ERROR_NOT_ENOUGH_MONEY';
      credit(call.member, -call.amount);
      const round = roundOf(call.member, call.round);
      round.bet += call.amount;
      round.settled = call.closed;
      transactions.set(call.uuid, {
        kind: 'bet',
        member: call.member,
        fields: fieldsOf(call),
        amount: call.amount,
        round: call.round,
        isRolledBack: false,
      });
      return 'RS_OK';
    }
    const reference = transactions.get(call.reference);
    if (call.kind === 'win') {
      if (reference?.kind === 'tombstone') return 'RS_ERROR_TRANSACTION_ROLLED_BACK';
      if (reference?.kind !== 'bet' || reference.member !== call.member || reference.round !== call.round) {
        return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
      }
      if (reference.isRolledBack) return 'RS_ERROR_TRANSACTION_ROLLED_BACK';
      credit(call.member, call.amount);
      const round = roundOf(call.member, call.round);
      round.win += call.amount;
      round.hasWin = true;
      if (call.closed) round.settled = true;
      transactions.set(call.uuid, {
        kind: 'win',
        member: call.member,
        fields: fieldsOf(call),
        amount: call.amount,
        round: call.round,
        isRolledBack: false,
      });
      return 'RS_OK';
    }
    if (!reference) {
      transactions.set(call.reference, {
        kind: 'tombstone',
        member: call.member,
        fields: '',
        amount: 0n,
        round: '',
        isRolledBack: false,
      });
      return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    }
    if (reference.kind !== 'bet' || reference.member !== call.member || reference.round !== call.round) {
      return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    }
    if (reference.isRolledBack) return 'RS_OK';
    const round = roundOf(call.member, call.round);
    if (round.hasWin) return 'RS_ERROR_UNKNOWN';
    reference.isRolledBack = true;
    credit(call.member, reference.amount);
    round.refunded += reference.amount;
    if (call.closed) round.settled = true;
    transactions.set(call.uuid, {
      kind: 'rollback',
      member: call.member,
      fields: fieldsOf(call),
      amount: reference.amount,
      round: call.round,
      isRolledBack: false,
    });
    return 'RS_OK';
  };

  return { apply, balances, rounds };
};

// -------------------------------------------------------------------------------------------------------------

describe('vendor wallet simulation', () => {
  let testApp: TestApp;
  let vendor: VendorKit;

  beforeAll(async () => {
    testApp = await createTestApp();
    vendor = await createVendorKit(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it(`keeps balances equal to a sequential model through drops, repeats and reorders (seed ${seed})`, async () => {
    const players: { member: MemberRow; token: string }[] = [];
    for (let index = 0; index < memberCount; index += 1) {
      const member = await vendor.addPlayer(startingCents);
      players.push({ member, token: await vendor.openSession(member) });
    }
    const model = createModel(new Map(players.map(({ member }) => [member.id.toString(), startingCents])));
    const mismatches: string[] = [];
    let callCount = 0;

    const bodyOf = (player: { member: MemberRow; token: string }, call: Call): Body => {
      switch (call.kind) {
        case 'bet':
          return vendor.betBody(player.member, player.token, {
            uuid: call.uuid,
            round: call.round,
            cents: call.amount,
            closed: call.closed,
          });
        case 'win':
          return vendor.winBody(player.member, {
            uuid: call.uuid,
            round: call.round,
            reference: call.reference,
            cents: call.amount,
            closed: call.closed,
          });
        case 'rollback':
          return vendor.rollbackBody(player.member, {
            uuid: call.uuid,
            round: call.round,
            reference: call.reference,
            closed: call.closed,
          });
      }
    };

    const playMember = async (player: { member: MemberRow; token: string }, memberIndex: number) => {
      const random = prng(seed + memberIndex * 7_919);
      const memberKey = player.member.id.toString();
      const sent: Call[] = [];

      /** Sends one call (`copies` at once when repeated), checks every answer against the model. */
      const send = async (call: Call, copies = 1): Promise<VendorWalletStatus> => {
        const expected = model.apply(call);
        const expectedBalance = protocolCents(model.balances.get(memberKey) ?? 0n);
        const body = bodyOf(player, call);
        const results = await Promise.all(
          Array.from({ length: copies }, () =>
            vendor.call(`transaction/${call.kind}`, { ...body, request_uuid: randomUUID() }),
          ),
        );
        callCount += copies;
        sent.push(call);
        for (const result of results) {
          if (result.answer.status !== expected || result.answer.balance !== expectedBalance) {
            mismatches.push(
              `${call.kind} ${call.uuid}: got ${result.answer.status} ${result.answer.balance}, model ${expected} ${expectedBalance}`,
            );
          }
        }
        return expected;
      };
      /** Wins and rollbacks are retried until a final answer; the model's answers here are all final. */
      const replayOld = async () => {
        if (sent.length > 0 && random.chance(0.15)) {
          const old = sent[random.below(sent.length)];
          if (old) await send(old);
        }
      };

      for (let roundIndex = 0; roundIndex < roundsPerMember; roundIndex += 1) {
        const round = `sim-${memberIndex}-${roundIndex}`;
        const placed: Extract<Call, { kind: 'bet' }>[] = [];
        const betCount = 1 + random.below(3);
        for (let betIndex = 0; betIndex < betCount; betIndex += 1) {
          const bet: Extract<Call, { kind: 'bet' }> = {
            kind: 'bet',
            member: memberKey,
            uuid: randomUUID(),
            round,
            amount: random.cents(1, 900),
            closed: false,
          };
          const rollbackOf = (): Call => ({
            kind: 'rollback',
            member: memberKey,
            uuid: randomUUID(),
            round,
            reference: bet.uuid,
            closed: false,
          });
          const fate = random.below(100);
          if (fate < 60) {
            if ((await send(bet)) === 'RS_OK') placed.push(bet);
          } else if (fate < 70) {
            // Repeated by the network: several copies at once.
            if ((await send(bet, 2 + random.below(3))) === 'RS_OK') placed.push(bet);
          } else if (fate < 78) {
            // Dropped before reaching us: the vendor rolls it back (we keep a tombstone).
            await send(rollbackOf());
          } else if (fate < 88) {
            // Reached us, but the answer was lost: the vendor rolls it back.
            await send(bet);
            await send(rollbackOf());
          } else {
            // Overtaken by its own rollback: the rollback arrives first, the bet late.
            await send(rollbackOf());
            await send(bet);
          }
          await replayOld();
        }
        const outcome = random.below(100);
        const target = placed[random.below(Math.max(placed.length, 1))];
        if (target && outcome < 55) {
          const win: Call = {
            kind: 'win',
            member: memberKey,
            uuid: randomUUID(),
            round,
            reference: target.uuid,
            amount: random.cents(0, 1_500),
            closed: true,
          };
          await send(win, random.chance(0.2) ? 3 : 1);
          if (random.chance(0.2)) {
            // A late rollback after the round was paid: refused.
            await send({
              kind: 'rollback',
              member: memberKey,
              uuid: randomUUID(),
              round,
              reference: target.uuid,
              closed: true,
            });
          }
        } else if (target && outcome < 80) {
          // The round is cancelled: every bet rolled back, then a stray win for one of them.
          for (const bet of placed) {
            await send({
              kind: 'rollback',
              member: memberKey,
              uuid: randomUUID(),
              round,
              reference: bet.uuid,
              closed: true,
            });
          }
          if (random.chance(0.5)) {
            await send({
              kind: 'win',
              member: memberKey,
              uuid: randomUUID(),
              round,
              reference: target.uuid,
              amount: 100n,
              closed: true,
            });
          }
        } else if (target) {
          // Lost: a win of 0 closes the round.
          await send({
            kind: 'win',
            member: memberKey,
            uuid: randomUUID(),
            round,
            reference: target.uuid,
            amount: 0n,
            closed: true,
          });
        }
        await replayOld();
      }
    };

    await Promise.all(players.map((player, index) => playMember(player, index)));

    expect(mismatches).toEqual([]);
    expect(callCount).toBeGreaterThan(memberCount * roundsPerMember * 2);
    for (const { member } of players) {
      expect(await vendor.balance(member)).toBe(model.balances.get(member.id.toString()));
      const rows = await testApp.database.db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.memberId, member.id), eq(gameRounds.vendorId, vendor.vendorId)));
      for (const row of rows) {
        const expected = model.rounds.get(`${member.id}/${row.roundRef}`);
        expect({
          ref: row.roundRef,
          bet: row.betAmount,
          win: row.winAmount,
          refunded: row.refundedAmount,
          settled: row.status === 'settled',
        }).toEqual({
          ref: row.roundRef,
          bet: expected?.bet,
          win: expected?.win,
          refunded: expected?.refunded,
          settled: expected?.settled,
        });
        if (row.status === 'settled') expect(row.validBet).toBe(row.betAmount - row.refundedAmount);
      }
    }
  });
});
