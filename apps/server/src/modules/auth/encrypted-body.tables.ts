import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server's own key pairs (request-body decryption). Kept in the database so every instance behind the
 * load balancer decrypts with the same private key, and a restart does not invalidate keys clients hold.
 */
export const serverKeyPairs = pgTable('server_key_pairs', {
  keyId: text('key_id').primaryKey(),
  purpose: text('purpose').notNull(),
  /** SubjectPublicKeyInfo DER, base64. */
  publicKey: text('public_key').notNull(),
  /** PKCS #8 DER, base64. */
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
