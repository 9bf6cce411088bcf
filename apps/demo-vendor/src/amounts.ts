import { protocolAmountScale } from '@wps/contracts/vendor-wallet';

/**
 * The vendor keeps every amount as the protocol does: a bigint scaled by 100,000 (3.56 is 356000), so a
 * balance read from the wallet and a bet sent to it never pass through a float.
 */

/** Whole units of the currency (the stakes) as a protocol amount. */
export const unitsToProtocol = (units: number | bigint): bigint => BigInt(units) * protocolAmountScale;

/** A protocol amount for the player's eyes, with two decimals (cut, never rounded up): 356000n → "3.56". */
export const formatProtocolAmount = (amount: bigint): string => {
  const negative = amount < 0n;
  const absolute = negative ? -amount : amount;
  const whole = absolute / protocolAmountScale;
  const cents = (absolute % protocolAmountScale) / (protocolAmountScale / 100n);
  return `${negative ? '-' : ''}${whole.toString()}.${cents.toString().padStart(2, '0')}`;
};
