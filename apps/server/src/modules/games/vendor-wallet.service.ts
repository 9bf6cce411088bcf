import { createHash, type KeyObject } from 'node:crypto';
import { categoryOf } from '@wps/contracts/games';
import {
  minorUnitsToProtocol,
  parseProtocolJson,
  ProtocolJsonError,
  protocolToMinorUnits,
  type VendorBalanceRequest,
  type VendorBetRequest,
  type VendorRollbackRequest,
  type VendorUserInfoRequest,
  type VendorWalletAnswer,
  type VendorWalletMethod,
  vendorWalletMethods,
  vendorWalletRequestSchemas,
  type VendorWalletStatus,
  type VendorWinRequest,
} from '@wps/contracts/vendor-wallet';
import { LRUCache } from 'lru-cache';
import type { Database, Executor, Transaction } from '../../db/database';
import { hashSessionToken } from '../../lib/session-token';
import type { LedgerService } from '../wallet/ledger.service';
import type { MemberService } from '../members/members.service';
import type { TurnoverService } from '../turnover/turnover.service';
import type { JobScheduler } from '../../jobs/scheduler';
import type { WalletService } from '../wallet/wallet.service';
import { createBetBatch } from './vendor-wallet.bet-batch';
import * as repository from './vendor-wallet.repository';
import type { WalletRoundRow, WalletTransactionRow } from './vendor-wallet.repository';
import { parsePublicKey, verifySignature } from './wallet-signing';

/**
 * The Hub88 Operator Wallet API, which external game vendors call to move a player's money (the operator's
 * guide is docs/vendor-wallet-integration.md). Every call ends in one protocol answer, never an exception:
 *
 * 1. the vendor (from the path) must exist, be enabled and seamless: else RS_ERROR_INVALID_PARTNER;
 * 2. the signature must verify the raw body with the vendor's key: else RS_ERROR_INVALID_SIGNATURE;
 * 3. the body must be one JSON object (RS_ERROR_WRONG_SYNTAX) of the method's fields (RS_ERROR_WRONG_TYPES);
 * 4. the method's rules, under the member's advisory lock, in one database transaction with the ledger
 *    postings, the round and the game transaction rows.
 */

type VendorEntry = {
  id: bigint;
  code: string;
  isUsable: boolean;
  publicKey: KeyObject | undefined;
};

type GameEntry = { id: bigint; gameType: string; isEnabled: boolean };

type Member = { id: bigint; brandId: bigint; status: string };

/** Who the call is about, once known: the answer carries their currency and balance. */
type Party = { member: Member; currency: string; exponent: number };

export type VendorWalletCall = {
  vendorCode: string;
  method: string;
  /** The body exactly as received (undefined when there was none). */
  body: Buffer | undefined;
  signature: string | undefined;
};

export type VendorWalletOutcome = {
  answer: VendorWalletAnswer;
  /** A member whose balance changed (signal their open sites after the answer is committed). */
  changedMemberId?: bigint;
};

export type VendorWalletDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  members: Pick<MemberService, 'findById'>;
  /** A brand's wallet currency (site service). */
  brandCurrency: (brandId: bigint) => Promise<string | undefined>;
  /**
   * Commit concurrent bets together (vendor-wallet.bet-batch.ts): on PostgreSQL. PGlite runs one statement at a
   * time on one connection, so there is nothing to group, and a batch's transaction would hold that connection
   * while the ledger resolves an account outside it.
   */
  groupCommit?: boolean;
  /** Unexpected failures (answered RS_ERROR_UNKNOWN) are reported here. */
  onError?: (error: unknown) => void;
  now?: () => Date;
};

/** Vendors and games are read through a short cache: an operator's change is seen within this time. */
const catalogueTtlMs = 5_000;
const memberIdPattern = /^[1-9]\d{0,18}$/;
/** As the catalogue's check constraint has it. */
const vendorCodePattern = /^[A-Z0-9_]{2,24}$/;
const maxMemberId = 9_223_372_036_854_775_807n;
/** Retries of a call that lost a race for a transaction uuid to another member's call. */
const maxAttempts = 3;

const isMethod = (method: string): method is VendorWalletMethod =>
  (vendorWalletMethods as readonly string[]).includes(method);

/** SHA-256 of the fields whose change makes a repeated uuid a different transaction (Hub88's list). */
const requestHashOf = (fields: readonly (string | bigint | null | undefined)[]): string =>
  createHash('sha256')
    .update(
      JSON.stringify(fields.map((field) => (field === undefined || field === null ? null : String(field)))),
    )
    .digest('hex');

/** The transaction uuid of a bet is taken already: roll back and answer from the row that holds it. */
class UuidTaken extends Error {
  constructor() {
    super('transaction uuid taken');
  }
}

class Refusal extends Error {
  constructor(readonly status: VendorWalletStatus) {
    super(status);
  }
}

type DatabaseErrorFields = { code: string; constraint: string | undefined };

const findDatabaseError = (error: unknown): DatabaseErrorFields | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const fields = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof fields.code === 'string' && fields.code.length === 5) {
      return {
        code: fields.code,
        constraint: typeof fields.constraint === 'string' ? fields.constraint : undefined,
      };
    }
    current = current.cause;
  }
  return undefined;
};

/** The ledger's refusal reason (its LedgerError is the wallet domain's own; only the field is read). */
const ledgerReasonOf = (error: unknown): string | undefined =>
  error instanceof Error && 'reason' in error && typeof error.reason === 'string' ? error.reason : undefined;

/** Lost a race for a uuid (ours or the ledger's key) to a call of another member: run the call again. */
const isUuidRace = (error: unknown): boolean => {
  if (ledgerReasonOf(error) === 'idempotency_conflict') return true;
  const databaseError = findDatabaseError(error);
  return databaseError?.code === '23505' && databaseError.constraint === repository.transactionUuidConstraint;
};

const isInsufficientFunds = (error: unknown): boolean => ledgerReasonOf(error) === 'insufficient_funds';

type Echo = { user: string; requestUuid: string };

/** The user and request uuid of a body, for the answer only; nothing else of an unchecked body is used. */
const echoFromValue = (value: unknown): Echo => {
  if (typeof value !== 'object' || value === null) return { user: '', requestUuid: '' };
  const { user, request_uuid: requestUuid } = value as Record<string, unknown>;
  return {
    user: typeof user === 'string' ? user.slice(0, 255) : '',
    requestUuid: typeof requestUuid === 'string' ? requestUuid.slice(0, 255) : '',
  };
};

const echoOf = (body: Buffer | undefined): Echo => {
  try {
    return echoFromValue(parseProtocolJson(body?.toString('utf8') ?? ''));
  } catch {
    // The echo is a courtesy; a body we cannot read is answered with empty fields.
    return { user: '', requestUuid: '' };
  }
};

export const createVendorWalletService = ({
  db,
  ledger,
  wallet,
  turnover,
  members,
  brandCurrency,
  groupCommit = false,
  onError,
  now = () => new Date(),
}: VendorWalletDependencies) => {
  const bets = createBetBatch({ db, ledger, ...(groupCommit ? {} : { maxBatch: 1 }) });
  const vendors = new LRUCache<string, VendorEntry>({ max: 1_000, ttl: catalogueTtlMs });
  const gameEntries = new LRUCache<string, GameEntry>({ max: 50_000, ttl: catalogueTtlMs });
  const currencies = new LRUCache<string, string>({ max: 10_000, ttl: 60_000 });
  const sessions = new LRUCache<string, repository.WalletSessionRow>({ max: 100_000, ttl: 60_000 });
  const knownMembers = new LRUCache<string, Party['member']>({ max: 100_000, ttl: 2_000 });

  const findVendor = async (code: string): Promise<VendorEntry | undefined> => {
    const cached = vendors.get(code);
    if (cached) return cached;
    const row = await repository.findVendorByCode(db, code);
    if (!row) return undefined;
    const entry: VendorEntry = {
      id: row.id,
      code: row.code,
      isUsable: row.isEnabled && row.integration === 'seamless',
      publicKey: parsePublicKey(row.walletPublicKey),
    };
    vendors.set(code, entry);
    return entry;
  };

  const findGame = async (vendor: VendorEntry, gameCode: string): Promise<GameEntry | undefined> => {
    const key = `${vendor.id}:${gameCode}`;
    const cached = gameEntries.get(key);
    if (cached) return cached;
    const row = await repository.findGame(db, vendor.id, gameCode);
    if (row) gameEntries.set(key, row);
    return row;
  };

  /** Launch sessions are never changed once written, so a found one is kept a while (its expiry still counts). */
  const findSession = async (tokenHash: string): Promise<repository.WalletSessionRow | undefined> => {
    const cached = sessions.get(tokenHash);
    if (cached) return cached;
    const row = await repository.findSessionByTokenHash(db, tokenHash);
    if (row) sessions.set(tokenHash, row);
    return row;
  };

  /** The member named by `user`, with their wallet currency; undefined for anyone we do not know. */
  const findParty = async (user: string): Promise<Party | undefined> => {
    if (!memberIdPattern.test(user) || BigInt(user) > maxMemberId) return undefined;
    // Kept 2 s from the read (not from the last use), so a disabled member is refused within 2 s.
    const known = knownMembers.get(user);
    const member = known ?? (await members.findById(BigInt(user)));
    if (!member) return undefined;
    if (!known) knownMembers.set(user, { id: member.id, brandId: member.brandId, status: member.status });
    const brandKey = member.brandId.toString();
    let currency = currencies.get(brandKey);
    if (currency === undefined) {
      currency = await brandCurrency(member.brandId);
      if (currency === undefined) return undefined;
      currencies.set(brandKey, currency);
    }
    const exponent = await ledger.getCurrencyExponent(currency);
    return { member: { id: member.id, brandId: member.brandId, status: member.status }, currency, exponent };
  };

  const answerOf = (
    status: VendorWalletStatus,
    echo: Echo,
    party: Party | undefined,
    balance: bigint,
    fallbackCurrency = '',
  ): VendorWalletAnswer => ({
    user: echo.user,
    status,
    request_uuid: echo.requestUuid,
    currency: party?.currency ?? fallbackCurrency,
    balance: party ? minorUnitsToProtocol(balance, party.exponent) : 0n,
  });

  const balanceOf = async (party: Party, executor?: Executor): Promise<bigint> =>
    wallet.balance(party.member, party.currency, executor);

  const amountIn = (amount: bigint, party: Party): bigint => {
    const minor = protocolToMinorUnits(amount, party.exponent);
    // Finer than the wallet's currency (or out of range): not an amount of the player's currency. A final
    // answer for bets, wins and rollbacks alike, so the vendor does not retry a win that can never be paid.
    if (minor === null) throw new Refusal('RS_ERROR_WRONG_CURRENCY');
    return minor;
  };

  /**
   * Runs `work` in a transaction that first takes the member's advisory lock (or whose first statement takes
   * it, `locksItself`). A refusal inside rolls everything back and becomes the answer, as does the ledger's
   * overdraft check. A uuid that turns out to be taken (the unique index, or the ledger's key) rolls back
   * too: `onUuidTaken` answers then, else the call runs again and sees the winner's row.
   */
  const inMemberTransaction = async (
    party: Party,
    echo: Echo,
    work: (tx: Transaction) => Promise<{ status: VendorWalletStatus; balance: bigint; moved: boolean }>,
    options: {
      locksItself?: boolean;
      onUuidTaken?: () => Promise<VendorWalletOutcome>;
      onInsufficientFunds?: () => Promise<VendorWalletOutcome>;
    } = {},
  ): Promise<VendorWalletOutcome> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await db.transaction(async (tx) => {
          if (!options.locksItself) await repository.lockMember(tx, party.member.id);
          return work(tx);
        });
        return {
          answer: answerOf(result.status, echo, party, result.balance),
          ...(result.moved ? { changedMemberId: party.member.id } : {}),
        };
      } catch (error) {
        if (error instanceof Refusal) {
          return { answer: answerOf(error.status, echo, party, await balanceOf(party)) };
        }
        if (isInsufficientFunds(error)) {
          // Refused by the ledger's overdraft check on the locked balance row: nothing was written.
          if (options.onInsufficientFunds) return options.onInsufficientFunds();
          return { answer: answerOf('RS_ERROR_NOT_ENOUGH_MONEY', echo, party, await balanceOf(party)) };
        }
        if (error instanceof UuidTaken || isUuidRace(error)) {
          if (options.onUuidTaken) return options.onUuidTaken();
          if (attempt < maxAttempts) continue;
        }
        throw error;
      }
    }
  };

  const accountsOf = async (party: Party, vendor: VendorEntry) => ({
    // Resolved outside the callback's transaction so the ledger's caches serve them on every later call.
    cash: await wallet.cashAccount(party.member, party.currency),
    clearing: await ledger.ensureSystemAccount(
      party.member.brandId,
      'provider_clearing',
      party.currency,
      vendor.code,
    ),
  });

  /** After a change to a settled round: count the growth of its valid bet on turnover, once. */
  const recordTurnover = async (
    tx: Transaction,
    party: { member: Pick<Member, 'id' | 'brandId'>; currency: string },
    round: WalletRoundRow,
  ): Promise<void> => {
    if (round.status !== 'settled') return;
    const increase = round.validBet - round.turnoverRecorded;
    if (increase <= 0n) return;
    await turnover.recordValidBet(tx, {
      brandId: party.member.brandId,
      memberId: party.member.id,
      currency: party.currency,
      amount: increase,
      // A round settles once as a rule; one that re-opens and settles again adds only the difference.
      reference: round.turnoverRecorded === 0n ? `round:${round.id}` : `round:${round.id}:${round.validBet}`,
    });
    await repository.setTurnoverRecorded(tx, round.id, round.validBet);
  };

  /**
   * The answer to a uuid seen before: the same request again is RS_OK (with the current balance), anything
   * else under that uuid a duplicate; a bet whose uuid a rollback took (tombstone or refund) is rolled back.
   */
  const repeatStatus = (
    existing: WalletTransactionRow,
    kind: 'bet' | 'win' | 'rollback',
    requestHash: string,
  ): VendorWalletStatus => {
    if (kind === 'bet' && existing.kind === 'tombstone') return 'RS_ERROR_TRANSACTION_ROLLED_BACK';
    if (existing.kind !== kind || existing.requestHash !== requestHash)
      return 'RS_ERROR_DUPLICATE_TRANSACTION';
    // A bet repeated after its rollback is answered as the late bet after a tombstone is: whichever of a bet
    // and its rollback came first, the vendor hears the same final word about the bet.
    return kind === 'bet' && existing.isRolledBack ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_OK';
  };

  // ----------------------------------------------------------------------------------------------------------
  // The methods

  const userInfo = async (
    request: VendorUserInfoRequest | VendorBalanceRequest,
    echo: Echo,
  ): Promise<VendorWalletOutcome> => {
    const party = await findParty(request.user);
    if (!party) return { answer: answerOf('RS_ERROR_INVALID_TOKEN', echo, undefined, 0n) };
    const status = party.member.status === 'active' ? 'RS_OK' : 'RS_ERROR_USER_DISABLED';
    return { answer: answerOf(status, echo, party, await balanceOf(party)) };
  };

  const bet = async (
    vendor: VendorEntry,
    request: VendorBetRequest,
    echo: Echo,
  ): Promise<VendorWalletOutcome> => {
    const [party, session] = await Promise.all([
      findParty(request.user),
      findSession(hashSessionToken(request.token)),
    ]);
    if (!party) return { answer: answerOf('RS_ERROR_INVALID_TOKEN', echo, undefined, 0n, request.currency) };
    const refuse = async (status: VendorWalletStatus): Promise<VendorWalletOutcome> => ({
      answer: answerOf(status, echo, party, await balanceOf(party)),
    });
    if (!session || session.memberId !== party.member.id || session.vendorId !== vendor.id) {
      return refuse('RS_ERROR_INVALID_TOKEN');
    }
    if (session.expiresAt <= now()) return refuse('RS_ERROR_TOKEN_EXPIRED');
    if (party.member.status !== 'active') return refuse('RS_ERROR_USER_DISABLED');
    const game = await findGame(vendor, request.game_code);
    if (!game?.isEnabled) return refuse('RS_ERROR_INVALID_GAME');
    if (request.currency !== party.currency) return refuse('RS_ERROR_WRONG_CURRENCY');
    if (request.is_free === true && request.amount !== 0n) return refuse('RS_ERROR_WRONG_TYPES');
    let amount: bigint;
    try {
      amount = amountIn(request.amount, party);
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.status);
      throw error;
    }
    const accounts = await accountsOf(party, vendor);
    const requestHash = requestHashOf([
      'bet',
      request.user,
      request.amount,
      request.currency,
      request.round,
      request.game_code,
      null,
    ]);

    // A uuid seen before (a repeat, a tombstone, another member's): answered from its row, under the lock.
    // Not enough money for a uuid seen before is still that uuid's answer (a late bet after its rollback is
    // rolled back, whatever the balance), so the refusal looks first.
    const answerRepeat = (otherwise: VendorWalletStatus | undefined) => () =>
      inMemberTransaction(party, echo, async (tx) => {
        const existing = await repository.findTransaction(tx, vendor.id, request.transaction_uuid);
        if (!existing && otherwise) throw new Refusal(otherwise);
        if (!existing) throw new Error(`transaction ${request.transaction_uuid} was taken but is not there`);
        return {
          status: repeatStatus(existing, 'bet', requestHash),
          balance: await balanceOf(party, tx),
          moved: false,
        };
      });
    const productLine = categoryOf(game.gameType, vendor.code);
    const newRound: repository.NewBetRound = {
      brandId: party.member.brandId,
      memberId: party.member.id,
      vendorId: vendor.id,
      gameId: game.id,
      roundRef: request.round,
      productLine,
      currency: party.currency,
      amount,
      isClosed: request.round_closed,
    };
    const betPosting = {
      brandId: party.member.brandId,
      idempotencyKey: `game:${vendor.code}:${request.transaction_uuid}`,
      kind: 'bet',
      legs: [
        { accountId: accounts.cash.id, amount: -amount },
        { accountId: accounts.clearing.id, amount },
      ],
      productLine,
    };

    // The common case, a stake on a round that stays open: one statement (see insertBetWithPosting), committed
    // with the other bets being written at the time (vendor-wallet.bet-batch.ts). A uuid or ledger key already
    // taken, or not enough money, fails it whole.
    if (amount > 0n && !request.round_closed) {
      try {
        const placed = await bets.place({
          posting: betPosting,
          round: newRound,
          call: { transactionUuid: request.transaction_uuid, requestHash, cashAccountId: accounts.cash.id },
        });
        const balance = placed.balance ?? (await balanceOf(party));
        return { answer: answerOf('RS_OK', echo, party, balance), changedMemberId: party.member.id };
      } catch (error) {
        if (isInsufficientFunds(error)) return answerRepeat('RS_ERROR_NOT_ENOUGH_MONEY')();
        if (isUuidRace(error)) return answerRepeat(undefined)();
        throw error;
      }
    }

    // A bet that closes its round (turnover counts then) or stakes nothing, in a transaction: lock + round,
    // ledger posting, game transaction, turnover. A uuid already taken is found by the game transaction (or
    // by the ledger's key), which rolls everything back.
    return inMemberTransaction(
      party,
      echo,
      async (tx) => {
        const round = await repository.lockMemberAndAddBet(tx, newRound);
        let ledgerTransactionId: bigint | null = null;
        let balance: bigint | undefined;
        if (amount > 0n) {
          // Not enough money: the ledger's overdraft check refuses the posting and the round rolls back with it.
          const posting = await ledger.post(
            { ...betPosting, reference: `round:${round.id}` },
            { executor: tx },
          );
          // The same bet again: the ledger answered its original posting; the repeat is answered below.
          if (posting.isReplay) throw new UuidTaken();
          ledgerTransactionId = posting.transactionId;
          balance =
            posting.entries.find((entry) => entry.accountId === accounts.cash.id)?.balanceAfter ?? undefined;
        }
        const isNew = await repository.insertTransactionIfNew(tx, {
          vendorId: vendor.id,
          transactionUuid: request.transaction_uuid,
          kind: 'bet',
          brandId: party.member.brandId,
          memberId: party.member.id,
          roundId: round.id,
          referenceUuid: null,
          amount,
          requestHash,
          ledgerTransactionId,
        });
        if (!isNew) throw new UuidTaken();
        await recordTurnover(tx, party, round);
        return { status: 'RS_OK', balance: balance ?? (await balanceOf(party, tx)), moved: amount > 0n };
      },
      {
        locksItself: true,
        onUuidTaken: answerRepeat(undefined),
        onInsufficientFunds: answerRepeat('RS_ERROR_NOT_ENOUGH_MONEY'),
      },
    );
  };

  /**
   * A win or a refund: vendor clearing → member cash (nothing moves for 0), the call's row, and the round's
   * turnover when it settled; the answer carries the member's balance after it.
   */
  const payToMember = async (
    tx: Transaction,
    payment: {
      party: Party;
      vendor: VendorEntry;
      accounts: Awaited<ReturnType<typeof accountsOf>>;
      round: WalletRoundRow;
      amount: bigint;
      requestHash: string;
      productLine: string;
      ledgerKind: 'win' | 'bet.rollback';
      kind: 'win' | 'rollback';
      transactionUuid: string;
      referenceUuid: string;
    },
  ): Promise<{ status: VendorWalletStatus; balance: bigint; moved: boolean }> => {
    const { party, accounts, round, amount } = payment;
    let ledgerTransactionId: bigint | null = null;
    let balance: bigint | undefined;
    if (amount > 0n) {
      const posting = await ledger.post(
        {
          brandId: party.member.brandId,
          idempotencyKey: `game:${payment.vendor.code}:${payment.transactionUuid}`,
          kind: payment.ledgerKind,
          legs: [
            { accountId: accounts.clearing.id, amount: -amount },
            { accountId: accounts.cash.id, amount },
          ],
          reference: `round:${round.id}`,
          productLine: payment.productLine,
        },
        { executor: tx },
      );
      ledgerTransactionId = posting.transactionId;
      balance =
        posting.entries.find((entry) => entry.accountId === accounts.cash.id)?.balanceAfter ?? undefined;
    }
    await repository.insertTransaction(tx, {
      vendorId: payment.vendor.id,
      transactionUuid: payment.transactionUuid,
      kind: payment.kind,
      brandId: party.member.brandId,
      memberId: party.member.id,
      roundId: round.id,
      referenceUuid: payment.referenceUuid,
      amount,
      requestHash: payment.requestHash,
      ledgerTransactionId,
    });
    await recordTurnover(tx, party, round);
    return { status: 'RS_OK', balance: balance ?? (await balanceOf(party, tx)), moved: amount > 0n };
  };

  /** The referenced bet of a win or rollback, when it is this member's bet in this round. */
  const referencedBet = (
    reference: WalletTransactionRow | undefined,
    party: Party,
    roundRef: string,
  ): (WalletTransactionRow & { roundId: bigint; productLine: string }) | undefined => {
    const { roundId, productLine } = reference ?? {};
    if (reference?.kind !== 'bet' || roundId === undefined || roundId === null) return undefined;
    if (productLine === undefined || productLine === null) return undefined;
    if (reference.memberId !== party.member.id || reference.roundRef !== roundRef) return undefined;
    // Wins and refunds count in the product line their round's bets did, for profit and loss by product.
    return { ...reference, roundId, productLine };
  };

  const win = async (
    vendor: VendorEntry,
    request: VendorWinRequest,
    echo: Echo,
  ): Promise<VendorWalletOutcome> => {
    const party = await findParty(request.user);
    if (!party) return { answer: answerOf('RS_ERROR_INVALID_TOKEN', echo, undefined, 0n, request.currency) };
    const refuse = async (status: VendorWalletStatus): Promise<VendorWalletOutcome> => ({
      answer: answerOf(status, echo, party, await balanceOf(party)),
    });
    // No token check and no disabled check: a win pays for a bet already taken (Hub88: token validity is not
    // checked on wins and rollbacks; a blocked player still receives what they won).
    const game = await findGame(vendor, request.game_code);
    if (!game) return refuse('RS_ERROR_INVALID_GAME');
    if (request.currency !== party.currency) return refuse('RS_ERROR_WRONG_CURRENCY');
    let amount: bigint;
    try {
      amount = amountIn(request.amount, party);
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.status);
      throw error;
    }
    const accounts = await accountsOf(party, vendor);
    const requestHash = requestHashOf([
      'win',
      request.user,
      request.amount,
      request.currency,
      request.round,
      request.game_code,
      request.reference_transaction_uuid,
    ]);

    return inMemberTransaction(party, echo, async (tx) => {
      const existing = await repository.findTransaction(tx, vendor.id, request.transaction_uuid);
      if (existing) {
        return {
          status: repeatStatus(existing, 'win', requestHash),
          balance: await balanceOf(party, tx),
          moved: false,
        };
      }
      const reference = await repository.findTransaction(tx, vendor.id, request.reference_transaction_uuid);
      if (reference?.kind === 'tombstone') throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
      const betRow = referencedBet(reference, party, request.round);
      if (!betRow) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      if (betRow.isRolledBack) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
      const round = await repository.updateRoundTotals(tx, betRow.roundId, {
        winDelta: amount,
        refundDelta: 0n,
        isClosed: request.round_closed,
      });
      return payToMember(tx, {
        party,
        vendor,
        accounts,
        round,
        amount,
        requestHash,
        productLine: betRow.productLine,
        ledgerKind: 'win',
        kind: 'win',
        transactionUuid: request.transaction_uuid,
        referenceUuid: request.reference_transaction_uuid,
      });
    });
  };

  const rollback = async (
    vendor: VendorEntry,
    request: VendorRollbackRequest,
    echo: Echo,
  ): Promise<VendorWalletOutcome> => {
    const party = await findParty(request.user);
    if (!party) return { answer: answerOf('RS_ERROR_INVALID_TOKEN', echo, undefined, 0n) };
    if (request.game_code !== undefined && request.game_code !== null) {
      if (!(await findGame(vendor, request.game_code))) {
        return { answer: answerOf('RS_ERROR_INVALID_GAME', echo, party, await balanceOf(party)) };
      }
    }
    const accounts = await accountsOf(party, vendor);
    const requestHash = requestHashOf([
      'rollback',
      request.user,
      null,
      null,
      request.round,
      request.game_code,
      request.reference_transaction_uuid,
    ]);

    return inMemberTransaction(party, echo, async (tx) => {
      const existing = await repository.findTransaction(tx, vendor.id, request.transaction_uuid);
      if (existing) {
        return {
          status: repeatStatus(existing, 'rollback', requestHash),
          balance: await balanceOf(party, tx),
          moved: false,
        };
      }
      const reference = await repository.findTransaction(tx, vendor.id, request.reference_transaction_uuid);
      if (!reference) {
        // Never seen: the bet may still be on its way. Keep its uuid, so that it is refused when it comes.
        await repository.insertTransaction(tx, {
          vendorId: vendor.id,
          transactionUuid: request.reference_transaction_uuid,
          kind: 'tombstone',
          brandId: party.member.brandId,
          memberId: party.member.id,
          roundId: null,
          referenceUuid: request.transaction_uuid,
          amount: 0n,
          requestHash,
          ledgerTransactionId: null,
        });
        return {
          status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
          balance: await balanceOf(party, tx),
          moved: false,
        };
      }
      const betRow = referencedBet(reference, party, request.round);
      if (!betRow) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      // Already refunded by another rollback: nothing more to give back (rollback is idempotent).
      if (betRow.isRolledBack) return { status: 'RS_OK', balance: await balanceOf(party, tx), moved: false };
      // The round was paid: undoing its stake now would pay the player twice (see the guide for the status).
      if (await repository.roundHasWin(tx, betRow.roundId)) throw new Refusal('RS_ERROR_UNKNOWN');
      const amount = betRow.amount;
      await repository.markRolledBack(tx, betRow.id);
      const round = await repository.updateRoundTotals(tx, betRow.roundId, {
        winDelta: 0n,
        refundDelta: amount,
        isClosed: request.round_closed,
      });
      return payToMember(tx, {
        party,
        vendor,
        accounts,
        round,
        amount,
        requestHash,
        productLine: betRow.productLine,
        ledgerKind: 'bet.rollback',
        kind: 'rollback',
        transactionUuid: request.transaction_uuid,
        referenceUuid: request.reference_transaction_uuid,
      });
    });
  };

  // ----------------------------------------------------------------------------------------------------------

  const dispatch = async (call: VendorWalletCall): Promise<VendorWalletOutcome> => {
    const vendor = vendorCodePattern.test(call.vendorCode) ? await findVendor(call.vendorCode) : undefined;
    if (!vendor?.isUsable) {
      return { answer: answerOf('RS_ERROR_INVALID_PARTNER', echoOf(call.body), undefined, 0n) };
    }
    const body = call.body ?? Buffer.alloc(0);
    // The bytes as received, before anything reads them.
    if (!vendor.publicKey || !(await verifySignature(body, call.signature, vendor.publicKey))) {
      return { answer: answerOf('RS_ERROR_INVALID_SIGNATURE', echoOf(call.body), undefined, 0n) };
    }
    let value: unknown;
    try {
      value = parseProtocolJson(body.toString('utf8'));
    } catch (error) {
      if (!(error instanceof ProtocolJsonError)) throw error;
      return { answer: answerOf('RS_ERROR_WRONG_SYNTAX', echoOf(undefined), undefined, 0n) };
    }
    const echo = echoFromValue(value);
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !isMethod(call.method)) {
      return { answer: answerOf('RS_ERROR_WRONG_SYNTAX', echo, undefined, 0n) };
    }
    switch (call.method) {
      case 'user/info':
      case 'user/balance': {
        const parsed = vendorWalletRequestSchemas[call.method].safeParse(value);
        if (!parsed.success) return { answer: answerOf('RS_ERROR_WRONG_TYPES', echo, undefined, 0n) };
        return userInfo(parsed.data, echo);
      }
      case 'transaction/bet': {
        const parsed = vendorWalletRequestSchemas[call.method].safeParse(value);
        if (!parsed.success) return { answer: answerOf('RS_ERROR_WRONG_TYPES', echo, undefined, 0n) };
        return bet(vendor, parsed.data, echo);
      }
      case 'transaction/win': {
        const parsed = vendorWalletRequestSchemas[call.method].safeParse(value);
        if (!parsed.success) return { answer: answerOf('RS_ERROR_WRONG_TYPES', echo, undefined, 0n) };
        return win(vendor, parsed.data, echo);
      }
      case 'transaction/rollback': {
        const parsed = vendorWalletRequestSchemas[call.method].safeParse(value);
        if (!parsed.success) return { answer: answerOf('RS_ERROR_WRONG_TYPES', echo, undefined, 0n) };
        return rollback(vendor, parsed.data, echo);
      }
    }
  };

  return {
    /**
     * One wallet call, start to end. Never throws: an unexpected failure (the database away) is answered
     * RS_ERROR_UNKNOWN, after which the vendor retries (or rolls a bet back), and nothing was committed.
     */
    handle: async (call: VendorWalletCall): Promise<VendorWalletOutcome> => {
      try {
        const outcome = await dispatch(call);
        if (outcome.changedMemberId !== undefined) wallet.notifyBalance(outcome.changedMemberId);
        return outcome;
      } catch (error) {
        onError?.(error);
        return { answer: answerOf('RS_ERROR_UNKNOWN', echoOf(call.body), undefined, 0n) };
      }
    },

    /**
     * Settles the rounds no call has touched for `idleMs` (a vendor that never sent round_closed), as a closing
     * call would, so their valid bet reaches turnover, rebates and agent reports. Each under its member's lock
     * and only while still idle, so a call racing it, another instance or a second run closes nothing twice.
     * A later win is still paid and a later bet opens the round again. Answers how many it closed.
     */
    closeIdleRounds: async (idleMs: number, batchSize = 500): Promise<number> => {
      const before = new Date(now().getTime() - idleMs);
      let closed = 0;
      for (;;) {
        const rounds = await repository.listIdleRounds(db, before, batchSize);
        for (const { id, brandId, memberId, currency } of rounds) {
          const isClosed = await db.transaction(async (tx) => {
            await repository.lockMember(tx, memberId);
            const round = await repository.closeIdleRound(tx, id, before);
            if (round) await recordTurnover(tx, { member: { id: memberId, brandId }, currency }, round);
            return round !== undefined;
          });
          if (isClosed) closed += 1;
        }
        // A listed round is closed now or was touched after `before`: either way it is not listed again.
        if (rounds.length < batchSize) return closed;
      }
    },
  };
};

export type VendorWalletService = ReturnType<typeof createVendorWalletService>;

export const idleRoundJobName = 'games.close-idle-rounds';

/** Closes idle vendor rounds every `intervalMs` (0: only when asked). */
export const scheduleIdleRoundClosing = (
  scheduler: JobScheduler,
  vendorWallet: Pick<VendorWalletService, 'closeIdleRounds'>,
  settings: { intervalMs: number; idleMs: number },
): void => {
  scheduler.every(idleRoundJobName, settings.intervalMs, async () => {
    await vendorWallet.closeIdleRounds(settings.idleMs);
  });
};

/** The answer to a call that never reached the service (a body too large, a path that is no method). */
export const protocolFailure = (status: VendorWalletStatus): VendorWalletAnswer => ({
  user: '',
  status,
  request_uuid: '',
  currency: '',
  balance: 0n,
});
