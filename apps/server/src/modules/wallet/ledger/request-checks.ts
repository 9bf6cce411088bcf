import { createHash } from 'node:crypto';
import { maxMinorUnits } from '@wps/contracts/money';
import { LedgerError } from '../wallet.errors';
import type { CheckedPosting, PostingRequest } from './ledger-types';

export const maxLegs = 64;
const maxKeyLength = 200;
export const maxReferenceLength = 200;
export const maxMemoLength = 500;
const kindPattern = /^[a-z][a-z0-9_.:-]{0,63}$/;
const productLinePattern = /^[A-Z][A-Z0-9_]{0,31}$/;

/**
 * SHA-256 of the request in one canonical form (legs sorted, absent fields as null), so a retry that sends
 * the same request in another order is still recognised as the same request.
 */
export const hashRequest = (request: Record<string, unknown>): string =>
  createHash('sha256')
    .update(
      JSON.stringify(request, (_key, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    )
    .digest('hex');

export const checkText = (
  name: string,
  value: string | undefined,
  maxLength: number,
  required: boolean,
): void => {
  if (value === undefined) {
    if (required) throw new LedgerError('invalid_request', `${name} is required`);
    return;
  }
  if (value.length === 0 || value.length > maxLength) {
    throw new LedgerError('invalid_request', `${name} must be 1 to ${maxLength} characters`);
  }
};

/** Keys under this prefix are the ledger's own (a hold's settlement), so no caller can take one first. */
export const internalKeyPrefix = 'ledger:';

export const checkCallerKey = (idempotencyKey: string): void => {
  checkText('idempotencyKey', idempotencyKey, maxKeyLength, true);
  if (idempotencyKey.startsWith(internalKeyPrefix)) {
    throw new LedgerError(
      'invalid_request',
      `Idempotency keys starting with ${internalKeyPrefix} are reserved`,
    );
  }
};

export const checkKind = (kind: string): void => {
  if (!kindPattern.test(kind)) {
    throw new LedgerError('invalid_request', 'kind must be lower case letters, digits and _ . : -');
  }
};

export const checkAmount = (amount: bigint): void => {
  if (typeof amount !== 'bigint') throw new LedgerError('invalid_request', 'Amounts are bigint minor units');
  if (amount === 0n) throw new LedgerError('invalid_request', 'An amount must not be zero');
  if (amount > maxMinorUnits || -amount > maxMinorUnits) {
    throw new LedgerError('amount_out_of_range', 'The amount is too large');
  }
};

/** Checks a posting request and hashes it in its canonical form. */
export const checkPosting = (request: PostingRequest): CheckedPosting => {
  checkCallerKey(request.idempotencyKey);
  checkKind(request.kind);
  checkText('reference', request.reference, maxReferenceLength, false);
  checkText('memo', request.memo, maxMemoLength, false);
  if (request.productLine !== undefined && !productLinePattern.test(request.productLine)) {
    throw new LedgerError('invalid_request', 'productLine must be upper case letters, digits and _');
  }
  const requestHash = hashRequest({
    operation: 'post',
    kind: request.kind,
    legs: [...request.legs]
      .sort((a, b) => (a.accountId === b.accountId ? 0 : a.accountId < b.accountId ? -1 : 1))
      .map((leg) => [leg.accountId, leg.amount]),
    reference: request.reference ?? null,
    memo: request.memo ?? null,
    // Only when set, so requests written before product lines existed keep their hash.
    ...(request.productLine === undefined ? {} : { productLine: request.productLine }),
  });
  return {
    brandId: request.brandId,
    idempotencyKey: request.idempotencyKey,
    requestHash,
    kind: request.kind,
    reference: request.reference ?? null,
    memo: request.memo ?? null,
    productLine: request.productLine ?? null,
    legs: request.legs,
  };
};
