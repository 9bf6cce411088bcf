import {
  minorUnitsToProtocol,
  parseProtocolJson,
  type VendorWalletAnswer,
  type VendorWalletStatus,
} from '@wps/contracts/vendor-wallet';
import type { Party } from './wallet-context';

/** The user and request uuid that an answer repeats back to the vendor. */
export type Echo = { user: string; requestUuid: string };

/** The user and request uuid of a body, for the answer only; nothing else of an unchecked body is used. */
export const echoFromValue = (value: unknown): Echo => {
  if (typeof value !== 'object' || value === null) return { user: '', requestUuid: '' };
  const { user, request_uuid: requestUuid } = value as Record<string, unknown>;
  return {
    user: typeof user === 'string' ? user.slice(0, 255) : '',
    requestUuid: typeof requestUuid === 'string' ? requestUuid.slice(0, 255) : '',
  };
};

export const echoOf = (body: Buffer | undefined): Echo => {
  try {
    return echoFromValue(parseProtocolJson(body?.toString('utf8') ?? ''));
  } catch {
    // The echo is a courtesy; a body we cannot read is answered with empty fields.
    return { user: '', requestUuid: '' };
  }
};

export const answerOf = (
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
