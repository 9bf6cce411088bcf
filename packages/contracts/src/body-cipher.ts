import { z } from 'zod';
import { bodyCipherAlgorithm } from './body-seal';
import { successEnvelope } from './envelope';

/** The body cipher (see body-seal.ts for how a body is sealed) and the schemas of its key and envelope. */
export { bodyCipherAlgorithm, encryptRequestBody, type SealedBody } from './body-seal';

export const encryptionKeySchema = z.object({
  keyId: z.string(),
  /** SubjectPublicKeyInfo DER, base64. */
  publicKey: z.string(),
  algorithm: z.literal(bodyCipherAlgorithm),
});
export type EncryptionKey = z.infer<typeof encryptionKeySchema>;
export const encryptionKeyResponseSchema = successEnvelope(encryptionKeySchema);

/** Every field is base64; the bounds keep a forged envelope from carrying more than a real one could. */
export const encryptedBodySchema = z.strictObject({
  encrypted: z.strictObject({
    keyId: z.string().max(64),
    /** The AES key's raw bytes, wrapped with RSA-OAEP. */
    key: z.string().max(1024),
    /** The 12-byte AES-GCM nonce. */
    iv: z.string().max(64),
    /** AES-GCM ciphertext of the payload's JSON, authentication tag included. */
    data: z.string().max(1_000_000),
  }),
});
export type EncryptedBody = z.infer<typeof encryptedBodySchema>;

export const isEncryptedBody = (body: unknown): body is EncryptedBody =>
  encryptedBodySchema.safeParse(body).success;
