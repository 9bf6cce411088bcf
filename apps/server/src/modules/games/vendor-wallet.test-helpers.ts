import { createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  parseProtocolJson,
  stringifyProtocolJson,
  type VendorWalletAnswer,
  vendorWalletAnswerSchema,
} from '@wps/contracts/vendor-wallet';
import { createSessionToken } from '../../lib/session-token';
import type { TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import { members } from '../members/members.tables';
import { createMemberService } from '../members/members.service';
import { createTurnoverService } from '../turnover/turnover.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { createWalletService } from '../wallet/wallet.service';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { gameRounds, gameSessions, gameTransactions } from './games.tables';
import { addGame, addVendor } from './launch.test-helpers';
import { createVendorWalletService, type VendorWalletDependencies } from './vendor-wallet.service';

/**
 * A pretend external vendor for the protocol tests: its own RSA key pair (registered on its catalogue row),
 * signed calls through `app.inject`, launch sessions written straight to `game_sessions`, and row counts to
 * prove that a refused call wrote nothing.
 */

export type CallOptions = {
  /** undefined: signed with the vendor's key; null: no header; a string: sent as the header. */
  signature?: string | null;
  vendorCode?: string;
  contentType?: string;
  acceptEncoding?: string;
};

export type CallResult = {
  httpStatus: number;
  answer: VendorWalletAnswer;
  raw: string;
  /** Whether our answer's X-Hub88-Signature verifies with the published public key. */
  isSignedByPlatform: boolean;
  headers: Record<string, unknown>;
};

export type Body = Record<string, unknown>;

/** USD has 2 decimals: one cent is 1,000 in protocol units. */
export const protocolCents = (cents: bigint | number): bigint => BigInt(cents) * 1_000n;

export const createVendorKit = async (testApp: TestApp, vendorCode = 'TSTWALLET', gameType = 'RNG') => {
  const { db } = testApp.database;
  const kit = walletTestKit(testApp);
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const vendorId = await addVendor(db, {
    code: vendorCode,
    walletPublicKey: publicKeyPem,
    tile: { gameType },
  });
  const gameCode = 'wallet-slot';
  const gameId = await addGame(db, vendorId, { code: gameCode, gameType });
  const keyResponse = await testApp.app.inject({ method: 'GET', url: '/wps/vendor-wallet/public-key' });
  const platformKey = createPublicKey(keyResponse.body);

  const signBody = (body: string | Buffer): string =>
    sign('sha256', Buffer.from(body), keys.privateKey).toString('base64');

  const call = async (
    method: string,
    body: Body | string,
    options: CallOptions = {},
  ): Promise<CallResult> => {
    const payload = typeof body === 'string' ? body : stringifyProtocolJson(body);
    const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
    if (options.signature === undefined) headers['x-hub88-signature'] = signBody(payload);
    else if (options.signature !== null) headers['x-hub88-signature'] = options.signature;
    if (options.acceptEncoding !== undefined) headers['accept-encoding'] = options.acceptEncoding;
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/wps/vendor-wallet/${options.vendorCode ?? vendorCode}/${method}`,
      payload,
      headers,
    });
    const signature = response.headers['x-hub88-signature'];
    return {
      httpStatus: response.statusCode,
      raw: response.body,
      answer: vendorWalletAnswerSchema.parse(parseProtocolJson(response.body)),
      isSignedByPlatform:
        typeof signature === 'string' &&
        verify('sha256', response.rawPayload, platformKey, Buffer.from(signature, 'base64')),
      headers: response.headers,
    };
  };

  let memberCount = 0;
  /** A member of the demo brand (USD) with `cents` in their wallet. */
  const addPlayer = async (cents = 0n, status = 'active'): Promise<MemberRow> => {
    memberCount += 1;
    const member = await kit.addMember(`vw${memberCount}${randomUUID().slice(0, 8)}`, {
      paymentPassword: null,
    });
    if (cents > 0n) await kit.fund(member, cents);
    if (status !== 'active') await db.update(members).set({ status }).where(eq(members.id, member.id));
    return member;
  };

  /** A launch token for the member (as `/wps/game/launchGame` issues), valid for an hour unless expired. */
  const openSession = async (
    member: MemberRow,
    options: { expired?: boolean; vendorId?: bigint } = {},
  ): Promise<string> => {
    const { token, tokenHash } = createSessionToken();
    await db.insert(gameSessions).values({
      tokenHash,
      brandId: member.brandId,
      memberId: member.id,
      vendorId: options.vendorId ?? vendorId,
      gameId,
      currency: 'USD',
      expiresAt: new Date(Date.now() + (options.expired ? -60_000 : 3_600_000)),
    });
    return token;
  };

  const betBody = (
    member: MemberRow,
    token: string,
    fields: { uuid?: string; round?: string; cents?: bigint; closed?: boolean } & Body = {},
  ): Body => {
    const { uuid, round, cents, closed, ...rest } = fields;
    return {
      user: member.id.toString(),
      transaction_uuid: uuid ?? randomUUID(),
      supplier_transaction_id: null,
      token,
      supplier_user: `sup-${member.id}`,
      round_closed: closed ?? false,
      round: round ?? randomUUID(),
      reward_uuid: null,
      request_uuid: randomUUID(),
      is_free: false,
      is_aggregated: false,
      game_code: gameCode,
      currency: 'USD',
      bet: 'lines=20',
      amount: protocolCents(cents ?? 100n),
      meta: null,
      ...rest,
    };
  };

  const winBody = (
    member: MemberRow,
    fields: { uuid?: string; round: string; reference: string; cents?: bigint; closed?: boolean } & Body,
  ): Body => {
    const { uuid, round, reference, cents, closed, ...rest } = fields;
    return {
      user: member.id.toString(),
      transaction_uuid: uuid ?? randomUUID(),
      supplier_transaction_id: null,
      token: 'expired-or-not-it-does-not-matter',
      supplier_user: `sup-${member.id}`,
      round_closed: closed ?? true,
      round,
      reward_uuid: null,
      request_uuid: randomUUID(),
      reference_transaction_uuid: reference,
      is_free: false,
      is_aggregated: false,
      game_code: gameCode,
      currency: 'USD',
      bet: null,
      amount: protocolCents(cents ?? 0n),
      meta: null,
      ...rest,
    };
  };

  const rollbackBody = (
    member: MemberRow,
    fields: { uuid?: string; round: string; reference: string; closed?: boolean } & Body,
  ): Body => {
    const { uuid, round, reference, closed, ...rest } = fields;
    return {
      user: member.id.toString(),
      transaction_uuid: uuid ?? randomUUID(),
      supplier_transaction_id: null,
      token: 'any',
      round_closed: closed ?? true,
      round,
      request_uuid: randomUUID(),
      reference_transaction_uuid: reference,
      game_code: gameCode,
      meta: null,
      ...rest,
    };
  };

  /** Rows a call could write; a refused call leaves all of them as they were. */
  const counts = async () => ({
    gameTransactions: (await db.select({ id: gameTransactions.id }).from(gameTransactions)).length,
    gameRounds: (await db.select({ id: gameRounds.id }).from(gameRounds)).length,
    ledgerTransactions: (await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions)).length,
  });

  return {
    vendorCode,
    vendorId,
    gameCode,
    gameId,
    publicKeyPem,
    privateKey: keys.privateKey,
    kit,
    signBody,
    call,
    addPlayer,
    openSession,
    betBody,
    winBody,
    rollbackBody,
    counts,
    /** The member's cash balance in cents. */
    balance: (member: MemberRow) => kit.balance(member),
    /** Another vendor wallet service on the app's database, built as the app builds it (another instance). */
    newService: (options: Partial<VendorWalletDependencies> = {}) =>
      createVendorWalletService({
        db,
        ledger: kit.ledger,
        wallet: createWalletService({ db, ledger: kit.ledger, push: testApp.push }),
        turnover: createTurnoverService({ db }),
        bonuses: testApp.app.promotions.bonuses,
        members: createMemberService({ db }),
        protection: testApp.app.protection.protection,
        brandCurrency: () => Promise.resolve('USD'),
        ...options,
      }),
  };
};

export type VendorKit = Awaited<ReturnType<typeof createVendorKit>>;

/**
 * A vendor's fetch that can lose the platform's answers: `lossy` says how many to lose per wallet method
 * (`transaction/bet`, …); such a request reaches the platform, its answer never comes back.
 */
export const createLossyFetch = () => {
  const lossy = new Map<string, number>();
  const lossyFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = /\/wps\/vendor-wallet\/[A-Z0-9_]+\/(.+)$/.exec(url)?.[1];
    const toLose = method === undefined ? 0 : (lossy.get(method) ?? 0);
    if (method !== undefined && toLose > 0) {
      lossy.set(method, toLose - 1);
      await response.arrayBuffer();
      throw new TypeError('fetch failed: the answer was lost on the way back');
    }
    return response;
  };
  return { lossy, lossyFetch };
};
