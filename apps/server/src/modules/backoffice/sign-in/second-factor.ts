import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The name an authenticator app shows beside the account. */
const issuer = 'Lucky Lotus console';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps; one step either side is accepted. */
const totpToleranceSeconds = 30;

export const recoveryCodeCount = 10;

/** A new TOTP secret (160 bits, base32) and what the staff member scans or types into their authenticator. */
export const newTotpEnrolment = async (username: string) => {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer, label: username, secret });
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCodeDataUrl };
};

export const isTotpCodeShape = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The time step a TOTP code belongs to (now, or one step either side), or undefined when it is not a code of
 * the secret or its step is not later than the last one accepted (a replay).
 */
export const matchTotpStep = async (
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | undefined> => {
  if (!isTotpCodeShape(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: totpToleranceSeconds,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
};

/** Letters and digits that cannot be mistaken for each other (no 0/o, 1/l/i). */
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes like `k7qd2-mx9fa-3hwpz` (about 74 bits each), shown once. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: recoveryCodeCount }, () => {
    const characters = Array.from({ length: 15 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]);
    return [0, 5, 10].map((start) => characters.slice(start, start + 5).join('')).join('-');
  });

/** How a recovery code is stored: a SHA-256 of the staff member and the code (spaces, dashes and case ignored). */
export const hashRecoveryCode = (staffId: bigint, code: string): string =>
  createHash('sha256')
    .update(`${staffId.toString()}:${code.toLowerCase().replace(/[\s-]/g, '')}`)
    .digest('hex');
