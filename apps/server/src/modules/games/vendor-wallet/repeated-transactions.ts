import { createHash } from 'node:crypto';
import type { VendorWalletStatus } from '@wps/contracts/vendor-wallet';
import type { WalletTransactionRow } from '../vendor-wallet.repository';

/** SHA-256 of the fields whose change makes a repeated uuid a different transaction (Hub88's list). */
export const requestHashOf = (fields: readonly (string | bigint | null | undefined)[]): string =>
  createHash('sha256')
    .update(
      JSON.stringify(fields.map((field) => (field === undefined || field === null ? null : String(field)))),
    )
    .digest('hex');

/**
 * The answer to a uuid seen before: the same request again is RS_OK (with the current balance), anything
 * else under that uuid a duplicate; a bet whose uuid a rollback took (tombstone or refund) is rolled back.
 */
export const repeatStatus = (
  existing: WalletTransactionRow,
  kind: 'bet' | 'win' | 'rollback',
  requestHash: string,
): VendorWalletStatus => {
  if (kind === 'bet' && existing.kind === 'tombstone') return 'RS_ERROR_TRANSACTION_ROLLED_BACK';
  if (existing.kind !== kind || existing.requestHash !== requestHash) return 'RS_ERROR_DUPLICATE_TRANSACTION';
  // A bet repeated after its rollback is answered as the late bet after a tombstone is: whichever of a bet
  // and its rollback came first, the vendor hears the same final word about the bet.
  return kind === 'bet' && existing.isRolledBack ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_OK';
};
