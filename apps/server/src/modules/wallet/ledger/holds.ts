import type { Executor } from '../../../db/database';
import * as repository from '../ledger.repository';
import { LedgerError } from '../wallet.errors';
import { spendableKinds } from './account-kinds';
import { ensureAccount, resolveAccount } from './ledger-accounts';
import { withDatabaseErrors } from './ledger-errors';
import type {
  HoldResult,
  LedgerCallOptions,
  LedgerContext,
  LedgerStep,
  PostHoldRequest,
  ReserveRequest,
  SettleHoldRequest,
  SettleResult,
} from './ledger-types';
import { writePosting } from './post-transaction';
import {
  checkAmount,
  checkCallerKey,
  checkKind,
  checkText,
  hashRequest,
  internalKeyPrefix,
  maxMemoLength,
  maxReferenceLength,
} from './request-checks';

/** Holds write several statements in one transaction, with a step (for fault injection) after each. */
export type HoldDependencies = LedgerContext;

const reachStep = async (
  { afterStatement }: HoldDependencies,
  step: LedgerStep,
  executor: Executor,
): Promise<void> => {
  if (afterStatement) await afterStatement(step, executor);
};

/** Moves money from a member's cash into their hold account, under a hold to be posted or voided once. */
export const reserveHold = async (
  deps: HoldDependencies,
  request: ReserveRequest,
  options: LedgerCallOptions = {},
): Promise<HoldResult> => {
  const kind = request.kind ?? 'hold.reserve';
  checkCallerKey(request.idempotencyKey);
  checkKind(kind);
  checkText('reference', request.reference, maxReferenceLength, false);
  checkText('memo', request.memo, maxMemoLength, false);
  checkAmount(request.amount);
  if (request.amount < 0n) throw new LedgerError('invalid_request', 'A hold amount must be positive');
  const executor = options.executor ?? deps.db;
  const source = await resolveAccount(deps, request.brandId, request.accountId, executor);
  if (!spendableKinds.has(source.kind) || source.memberId === null) {
    throw new LedgerError('invalid_request', 'Holds are reserved from a member cash account');
  }
  const holdAccount = await ensureAccount(
    deps,
    {
      brandId: source.brandId,
      kind: 'member_hold',
      currency: source.currency,
      memberId: source.memberId,
      scope: '',
    },
    executor,
  );
  const requestHash = hashRequest({
    operation: 'reserve',
    kind,
    accountId: source.id,
    amount: request.amount,
    reference: request.reference ?? null,
    memo: request.memo ?? null,
  });
  return withDatabaseErrors(() =>
    executor.transaction(async (tx) => {
      const posting = await writePosting(deps, tx, {
        brandId: request.brandId,
        idempotencyKey: request.idempotencyKey,
        requestHash,
        kind,
        reference: request.reference ?? null,
        memo: request.memo ?? null,
        productLine: null,
        legs: [
          { accountId: source.id, amount: -request.amount },
          { accountId: holdAccount.id, amount: request.amount },
        ],
      });
      await reachStep(deps, 'reserve.posted', tx);
      if (posting.isReplay) {
        const hold = await repository.findHoldByReserveTransaction(tx, posting.transactionId);
        if (!hold) throw new Error(`Ledger transaction ${posting.transactionId} reserved no hold`);
        return { holdId: hold.id, transactionId: posting.transactionId, isReplay: true };
      }
      const hold = await repository.insertHold(tx, {
        brandId: request.brandId,
        sourceAccountId: source.id,
        holdAccountId: holdAccount.id,
        amount: request.amount,
        reserveTransactionId: posting.transactionId,
      });
      if (!hold) throw new Error('The hold was not written');
      await reachStep(deps, 'reserve.held', tx);
      return { holdId: hold.id, transactionId: posting.transactionId, isReplay: false };
    }),
  );
};

/**
 * Posts or voids a pending hold, exactly once: the hold row is locked first (then the balance rows, in
 * order), so of a racing post and void the second finds the hold settled and is refused, while a repeat of
 * the winning call answers its original result.
 */
const settleHold = async (
  deps: HoldDependencies,
  request: SettleHoldRequest,
  outcome: { status: 'posted'; destinationAccountId: bigint } | { status: 'voided' },
  options: LedgerCallOptions,
): Promise<SettleResult> => {
  const kind = request.kind ?? (outcome.status === 'posted' ? 'hold.post' : 'hold.void');
  checkKind(kind);
  checkText('memo', request.memo, maxMemoLength, false);
  const requestHash = hashRequest({
    operation: outcome.status === 'posted' ? 'postHold' : 'voidHold',
    holdId: request.holdId,
    destinationAccountId: outcome.status === 'posted' ? outcome.destinationAccountId : null,
    kind,
    memo: request.memo ?? null,
  });
  return withDatabaseErrors(() =>
    (options.executor ?? deps.db).transaction(async (tx) => {
      const hold = await repository.lockHold(tx, request.holdId);
      if (!hold || hold.brandId !== request.brandId) {
        throw new LedgerError('hold_not_found', `Hold ${request.holdId} does not exist`);
      }
      await reachStep(deps, 'settle.locked', tx);
      if (hold.status !== 'pending') {
        const settlement =
          hold.settleTransactionId === null
            ? undefined
            : await repository.findTransactionById(tx, hold.settleTransactionId);
        if (settlement?.requestHash === requestHash) {
          return { holdId: hold.id, transactionId: settlement.id, isReplay: true };
        }
        throw new LedgerError('hold_already_settled', `Hold ${hold.id} is already ${hold.status}`);
      }
      const posting = await writePosting(deps, tx, {
        brandId: hold.brandId,
        idempotencyKey: `${internalKeyPrefix}hold:${hold.id}:settle`,
        requestHash,
        kind,
        reference: `hold:${hold.id}`,
        memo: request.memo ?? null,
        productLine: null,
        legs: [
          { accountId: hold.holdAccountId, amount: -hold.amount },
          {
            accountId: outcome.status === 'posted' ? outcome.destinationAccountId : hold.sourceAccountId,
            amount: hold.amount,
          },
        ],
      });
      await reachStep(deps, 'settle.posted', tx);
      const settled = await repository.markHoldSettled(tx, hold.id, {
        status: outcome.status,
        settleTransactionId: posting.transactionId,
      });
      if (!settled || posting.isReplay) {
        throw new Error(`Hold ${hold.id} changed while it was locked`);
      }
      await reachStep(deps, 'settle.marked', tx);
      return { holdId: hold.id, transactionId: posting.transactionId, isReplay: false };
    }),
  );
};

/** Settles a hold to its destination (a withdrawal paid out: the payment clearing account). */
export const postHold = (deps: HoldDependencies, request: PostHoldRequest, options: LedgerCallOptions) =>
  settleHold(
    deps,
    request,
    { status: 'posted', destinationAccountId: request.destinationAccountId },
    options,
  );

/** Returns a hold to the account it was reserved from. */
export const voidHold = (deps: HoldDependencies, request: SettleHoldRequest, options: LedgerCallOptions) =>
  settleHold(deps, request, { status: 'voided' }, options);

/** A hold as it is stored, or undefined. */
export const findHold = ({ db }: Pick<HoldDependencies, 'db'>, holdId: bigint) =>
  repository.findHold(db, holdId);
