import { z } from 'zod';
import { maxMinorUnits } from './money';

/**
 * The vendor wallet protocol: the Hub88 Operator Wallet API, which external game vendors call to move a
 * player's money while they play (seamless wallet). Caleta Gaming's operator API has the same shape. The
 * operator's integration guide is `docs/vendor-wallet-integration.md`.
 *
 * Every call is a signed JSON `POST`; every answer is HTTP 200 with `{ user, status, request_uuid, currency,
 * balance }`. Amounts and balances are JSON integers (int64) scaled by 100,000 (3.56 is 356000), carried here
 * as `bigint` so no float ever holds one: parse bodies with `parseProtocolJson` and write them with
 * `stringifyProtocolJson`, never with `JSON.parse`/`JSON.stringify`.
 */

/** The five methods, as paths under the vendor's base URL (ours: `/wps/vendor-wallet/<vendorCode>`). */
export const vendorWalletMethods = [
  'user/info',
  'user/balance',
  'transaction/bet',
  'transaction/win',
  'transaction/rollback',
] as const;
export type VendorWalletMethod = (typeof vendorWalletMethods)[number];

/** Header carrying base64 RSA-SHA256 (PKCS#1 v1.5) of the raw body, both ways. */
export const vendorWalletSignatureHeader = 'X-Hub88-Signature';
/** Where the platform publishes the PEM (SPKI) public key its answers are signed with. */
export const vendorWalletPublicKeyPath = '/wps/vendor-wallet/public-key';
export const vendorWalletBasePath = (vendorCode: string): string => `/wps/vendor-wallet/${vendorCode}`;

export const vendorWalletStatuses = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
] as const;
export type VendorWalletStatus = (typeof vendorWalletStatuses)[number];

/**
 * Answers after which a vendor stops retrying (Hub88: these are final). A vendor retries anything else, and
 * rolls back a bet that got no final answer (except not-enough-money and limit-reached, which are final for a
 * bet too).
 */
export const finalVendorWalletStatuses: readonly VendorWalletStatus[] = [
  'RS_OK',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
];

// ---------------------------------------------------------------------------------------------------------
// Amounts

/** Protocol amounts are integers scaled by 100,000: 5 decimal places. */
export const protocolAmountScale = 100_000n;
const protocolDecimals = 5;
/** The largest protocol amount (int64). */
export const maxProtocolAmount = 9_223_372_036_854_775_807n;

const pow10 = (exponent: number): bigint => 10n ** BigInt(exponent);

/**
 * A protocol amount as minor units of a currency with `exponent` decimals, exactly: 356000n (3.56) with
 * exponent 2 → 356n. Null when the amount is finer than the currency allows (356001n with exponent 2), negative
 * or beyond int64 either side; never rounded.
 */
export const protocolToMinorUnits = (amount: bigint, exponent: number): bigint | null => {
  if (!Number.isInteger(exponent) || exponent < 0) return null;
  if (amount < 0n || amount > maxProtocolAmount) return null;
  if (exponent <= protocolDecimals) {
    const divisor = pow10(protocolDecimals - exponent);
    if (amount % divisor !== 0n) return null;
    return amount / divisor;
  }
  const minor = amount * pow10(exponent - protocolDecimals);
  return minor > maxMinorUnits ? null : minor;
};

/**
 * Minor units as a protocol amount: 356n with exponent 2 → 356000n. A currency with more than 5 decimals
 * cannot always be expressed; the amount is then rounded down (a balance is never shown larger than it is).
 * Throws a RangeError for a negative result or one beyond int64.
 */
export const minorUnitsToProtocol = (minor: bigint, exponent: number): bigint => {
  if (!Number.isInteger(exponent) || exponent < 0) throw new RangeError(`Bad currency exponent ${exponent}`);
  const amount =
    exponent <= protocolDecimals
      ? minor * pow10(protocolDecimals - exponent)
      : minor / pow10(exponent - protocolDecimals);
  if (amount < 0n || amount > maxProtocolAmount) {
    throw new RangeError(`${minor} minor units do not fit a protocol amount`);
  }
  return amount;
};

// ---------------------------------------------------------------------------------------------------------
// Requests and the answer

const text = z.string().min(1).max(255);
const optionalText = z.string().max(255).nullish();
/** int64 scaled by 100,000; `parseProtocolJson` makes every JSON integer a bigint. */
export const protocolAmountSchema = z.bigint().min(0n).max(maxProtocolAmount);
const meta = z.record(z.string(), z.unknown()).nullish();

/** `/user/info`: who the player is (our answer adds their currency and balance). */
export const vendorUserInfoRequestSchema = z.object({
  user: text,
  request_uuid: text,
  token: optionalText,
  game_code: optionalText,
});
export type VendorUserInfoRequest = z.infer<typeof vendorUserInfoRequestSchema>;

/** `/user/balance`. */
export const vendorBalanceRequestSchema = z.object({
  user: text,
  request_uuid: text,
  token: optionalText,
  game_code: optionalText,
});
export type VendorBalanceRequest = z.infer<typeof vendorBalanceRequestSchema>;

const transactionFields = {
  user: text,
  request_uuid: text,
  transaction_uuid: text,
  supplier_transaction_id: optionalText,
  supplier_user: optionalText,
  round: text,
  round_closed: z.boolean(),
  game_code: text,
  currency: z.string().min(1).max(16),
  amount: protocolAmountSchema,
  /** Free text describing the bet (e.g. the chosen outcome). */
  bet: z.string().max(4096).nullish(),
  /**
   * A free-round (promotion) bet or win. Hub88 sends a free bet with amount 0 (the vendor funds the round) and
   * its win with the amount won; a free bet with a non-zero amount is refused.
   */
  is_free: z.boolean().nullish(),
  is_aggregated: z.boolean().nullish(),
  reward_uuid: optionalText,
  campaign_uuid: optionalText,
  meta,
};

/** `/transaction/bet`: takes `amount` from the player. The token is checked on bets only. */
export const vendorBetRequestSchema = z.object({ ...transactionFields, token: text });
export type VendorBetRequest = z.infer<typeof vendorBetRequestSchema>;

/** `/transaction/win`: pays `amount` (may be 0, a loss closing the round) for the bet it references. */
export const vendorWinRequestSchema = z.object({
  ...transactionFields,
  token: optionalText,
  reference_transaction_uuid: text,
  /** The part of `amount` that a jackpot paid (informative; scaled like `amount`). */
  jackpot_win: protocolAmountSchema.nullish(),
});
export type VendorWinRequest = z.infer<typeof vendorWinRequestSchema>;

/** `/transaction/rollback`: undoes the referenced bet, refunding exactly its amount. */
export const vendorRollbackRequestSchema = z.object({
  user: text,
  request_uuid: text,
  transaction_uuid: text,
  reference_transaction_uuid: text,
  supplier_transaction_id: optionalText,
  round: text,
  round_closed: z.boolean(),
  game_code: optionalText,
  token: optionalText,
  is_free: z.boolean().nullish(),
  meta,
});
export type VendorRollbackRequest = z.infer<typeof vendorRollbackRequestSchema>;

export const vendorWalletRequestSchemas = {
  'user/info': vendorUserInfoRequestSchema,
  'user/balance': vendorBalanceRequestSchema,
  'transaction/bet': vendorBetRequestSchema,
  'transaction/win': vendorWinRequestSchema,
  'transaction/rollback': vendorRollbackRequestSchema,
} as const;

/** Every answer, whatever the status. `balance` is the player's cash balance, scaled by 100,000. */
export const vendorWalletAnswerSchema = z.object({
  user: z.string(),
  status: z.enum(vendorWalletStatuses),
  request_uuid: z.string(),
  currency: z.string(),
  balance: z.bigint(),
});
export type VendorWalletAnswer = z.infer<typeof vendorWalletAnswerSchema>;

// ---------------------------------------------------------------------------------------------------------
// Exact JSON

export class ProtocolJsonError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolJsonError';
  }
}

const integerPattern = /^-?(?:0|[1-9]\d*)$/;
const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const maxDepth = 32;

/**
 * JSON.parse, except that every integer literal becomes a bigint (so an int64 survives), other numbers stay
 * numbers, a repeated key or `__proto__` is refused (one signed body must have one meaning) and nesting is
 * limited. Throws a ProtocolJsonError on anything that is not one JSON value.
 */
export const parseProtocolJson = (source: string): unknown => {
  let position = 0;
  const fail = (what: string): never => {
    throw new ProtocolJsonError(`${what} at position ${position}`);
  };
  const skipSpace = () => {
    while (position < source.length) {
      const code = source.charCodeAt(position);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) position += 1;
      else break;
    }
  };
  const parseString = (): string => {
    const start = position;
    position += 1;
    let simple = true;
    while (position < source.length) {
      const code = source.charCodeAt(position);
      if (code === 0x22) {
        position += 1;
        const literal = source.slice(start, position);
        if (simple) return literal.slice(1, -1);
        try {
          return JSON.parse(literal) as string;
        } catch {
          return fail('Bad string');
        }
      }
      if (code < 0x20) return fail('Control character in string');
      if (code === 0x5c) {
        simple = false;
        position += 2;
      } else {
        position += 1;
      }
    }
    return fail('Unterminated string');
  };
  const parseValue = (depth: number): unknown => {
    if (depth > maxDepth) return fail('Too deeply nested');
    skipSpace();
    const char = source[position];
    if (char === '{') {
      position += 1;
      const result: Record<string, unknown> = {};
      const seen = new Set<string>();
      skipSpace();
      if (source[position] === '}') {
        position += 1;
        return result;
      }
      for (;;) {
        skipSpace();
        if (source[position] !== '"') return fail('Expected a key');
        const key = parseString();
        if (seen.has(key) || key === '__proto__') return fail(`Repeated or forbidden key "${key}"`);
        seen.add(key);
        skipSpace();
        if (source[position] !== ':') return fail('Expected ":"');
        position += 1;
        result[key] = parseValue(depth + 1);
        skipSpace();
        if (source[position] === ',') {
          position += 1;
          continue;
        }
        if (source[position] === '}') {
          position += 1;
          return result;
        }
        return fail('Expected "," or "}"');
      }
    }
    if (char === '[') {
      position += 1;
      const result: unknown[] = [];
      skipSpace();
      if (source[position] === ']') {
        position += 1;
        return result;
      }
      for (;;) {
        result.push(parseValue(depth + 1));
        skipSpace();
        if (source[position] === ',') {
          position += 1;
          continue;
        }
        if (source[position] === ']') {
          position += 1;
          return result;
        }
        return fail('Expected "," or "]"');
      }
    }
    if (char === '"') return parseString();
    if (source.startsWith('true', position)) {
      position += 4;
      return true;
    }
    if (source.startsWith('false', position)) {
      position += 5;
      return false;
    }
    if (source.startsWith('null', position)) {
      position += 4;
      return null;
    }
    numberPattern.lastIndex = position;
    const match = numberPattern.exec(source);
    if (!match) return fail('Unexpected character');
    const literal = match[0];
    position += literal.length;
    if (integerPattern.test(literal)) return BigInt(literal);
    return Number(literal);
  };
  const value = parseValue(0);
  skipSpace();
  if (position !== source.length) fail('Unexpected text after the value');
  return value;
};

/**
 * JSON.stringify that writes a bigint as a JSON integer (and refuses what JSON cannot hold: non-finite
 * numbers, functions, symbols). Objects keep their key order; undefined properties are left out.
 */
export const stringifyProtocolJson = (value: unknown): string => {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isFinite(value)) throw new ProtocolJsonError('A number that JSON cannot hold');
      return JSON.stringify(value);
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value.map((item: unknown) => (item === undefined ? 'null' : stringifyProtocolJson(item))).join(',')}]`;
      }
      const parts: string[] = [];
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined) continue;
        parts.push(`${JSON.stringify(key)}:${stringifyProtocolJson(item)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      throw new ProtocolJsonError(`A ${typeof value} cannot be written as JSON`);
  }
};
