import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2, a const enum that isolated modules cannot read. */
const argon2id = 2;

/** OWASP's recommended argon2id settings: 19 MiB of memory, 2 passes, 1 lane. */
export const argon2Parameters = {
  algorithm: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => hash(password, argon2Parameters);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

/**
 * A real hash of a random password, verified when the account does not exist, so that an unknown name and a
 * wrong password take the same time.
 */
let decoyHash: Promise<string> | undefined;
export const verifyAgainstDecoy = async (password: string): Promise<false> => {
  decoyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await decoyHash, password);
  return false;
};
