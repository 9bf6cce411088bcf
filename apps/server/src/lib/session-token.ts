import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; the database keeps only its SHA-256. */
export const createSessionToken = (): { token: string; tokenHash: string } => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSessionToken(token) };
};

export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The bearer token of an Authorization header, or undefined. */
export const readBearerToken = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer ([A-Za-z0-9_-]{20,128})$/.exec(authorization ?? '');
  return match?.[1];
};
