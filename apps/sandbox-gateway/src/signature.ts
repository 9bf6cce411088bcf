import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header that carries the signature, on orders the merchant sends and on notices the gateway sends. */
export const signatureHeader = 'x-signature';

/** Hex HMAC-SHA256 of the body exactly as it travels, so no re-serialisation can change what was signed. */
export const signBody = (secret: string, body: string | Buffer): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Compares in constant time, so the answer's timing does not reveal how much of a guess was right. */
export const isValidSignature = (secret: string, body: string | Buffer, signature: unknown): boolean => {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(secret, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
};
