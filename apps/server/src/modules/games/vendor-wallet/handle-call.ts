import {
  parseProtocolJson,
  ProtocolJsonError,
  type VendorWalletMethod,
  vendorWalletMethods,
  vendorWalletRequestSchemas,
} from '@wps/contracts/vendor-wallet';
import type { VendorWalletCall, VendorWalletOutcome } from '../vendor-wallet.service';
import { verifySignature } from '../wallet-signing';
import { payWin } from './pay-win';
import { placeBet } from './place-bet';
import { answerOf, echoFromValue, echoOf } from './protocol-answers';
import { rollbackBet } from './rollback';
import { answerUserInfo } from './user-info';
import type { WalletCallContext } from './wallet-context';
import { findVendor } from './wallet-lookups';

/** As the catalogue's check constraint has it. */
const vendorCodePattern = /^[A-Z0-9_]{2,24}$/;

const isMethod = (method: string): method is VendorWalletMethod =>
  (vendorWalletMethods as readonly string[]).includes(method);

/**
 * One wallet call, start to end. Never throws: an unexpected failure (the database away) is answered
 * RS_ERROR_UNKNOWN, after which the vendor retries (or rolls a bet back), and nothing was committed.
 */
export const handleWalletCall = async (
  context: WalletCallContext,
  call: VendorWalletCall,
): Promise<VendorWalletOutcome> => {
  try {
    const outcome = await dispatchWalletCall(context, call);
    if (outcome.changedMemberId !== undefined) context.wallet.notifyBalance(outcome.changedMemberId);
    return outcome;
  } catch (error) {
    context.onError?.(error);
    return { answer: answerOf('RS_ERROR_UNKNOWN', echoOf(call.body), undefined, 0n) };
  }
};

/** The vendor, its signature on the raw body and the body's shape, checked in that order; then the method. */
const dispatchWalletCall = async (
  context: WalletCallContext,
  call: VendorWalletCall,
): Promise<VendorWalletOutcome> => {
  const vendor = vendorCodePattern.test(call.vendorCode)
    ? await findVendor(context, call.vendorCode)
    : undefined;
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
      return answerUserInfo(context, parsed.data, echo);
    }
    case 'transaction/bet': {
      const parsed = vendorWalletRequestSchemas[call.method].safeParse(value);
      if (!parsed.success) return { answer: answerOf('RS_ERROR_WRONG_TYPES', echo, undefined, 0n) };
      return placeBet(context, vendor, parsed.data, echo);
    }
    case 'transaction/win': {
      const parsed = vendorWalletRequestSchemas[call.method].safeParse(value);
      if (!parsed.success) return { answer: answerOf('RS_ERROR_WRONG_TYPES', echo, undefined, 0n) };
      return payWin(context, vendor, parsed.data, echo);
    }
    case 'transaction/rollback': {
      const parsed = vendorWalletRequestSchemas[call.method].safeParse(value);
      if (!parsed.success) return { answer: answerOf('RS_ERROR_WRONG_TYPES', echo, undefined, 0n) };
      return rollbackBet(context, vendor, parsed.data, echo);
    }
  }
};
