import { z } from 'zod';
import { successEnvelope } from './envelope';

/** Who acts: a staff member, a member (player), an agent in the agent centre, or the platform itself (jobs). */
export const auditActorTypes = ['staff', 'member', 'agent', 'system'] as const;
export type AuditActorType = (typeof auditActorTypes)[number];

/** Dotted action names (`payments.deposit.approve`); a filter names one, or a prefix of whole parts (`payments`). */
export const auditActionPattern = /^[a-z0-9_]+(\.[a-z0-9_]+)*$/i;

/** Operator: which audit events, the same filters for the list and the CSV export. */
export const auditFilterSchema = z.strictObject({
  actorType: z.enum(auditActorTypes).optional(),
  actorId: z.string().min(1).max(128).optional(),
  action: z.string().min(1).max(128).regex(auditActionPattern, 'letters, digits, _ and dots').optional(),
  entityType: z.string().min(1).max(64).optional(),
  entityId: z.string().min(1).max(128).optional(),
  /** From this instant on (inclusive). */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Before this instant (exclusive). */
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditQuerySchema = auditFilterSchema.extend({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const auditEventSchema = z.object({
  id: z.string(),
  actorType: z.string(),
  actorId: z.string(),
  actorIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
  /** The row's place in the hash chain; null only for a row the database never sealed (tampering). */
  chainSeq: z.string().nullable(),
  hash: z.string().nullable(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

export const auditListResponseSchema = successEnvelope(
  z.object({ list: z.array(auditEventSchema), totalPages: z.number().int() }),
);

/** Why the chain does not hold, at its first broken place. */
export const auditChainBreakReasons = [
  /** The row's fields no longer give its stored hash: it was changed. */
  'hash_mismatch',
  /** The row's prev_hash is not the hash of the row before it: that row was changed or replaced. */
  'prev_hash_mismatch',
  /** Places are missing before this row: rows were removed. */
  'sequence_gap',
  /** The last row is not the head the database recorded: it was changed. */
  'head_mismatch',
  /** Rows were removed from the end of the chain (the head records more than there are). */
  'missing_tail',
  /** A row the database never sealed: inserted with its triggers switched off. */
  'unsealed',
] as const;
export type AuditChainBreakReason = (typeof auditChainBreakReasons)[number];

export const auditChainVerificationSchema = z.object({
  isIntact: z.boolean(),
  /** Rows whose place and hashes were checked. */
  checkedRows: z.number().int(),
  /** The last place checked (null: an empty chain). */
  lastSeq: z.string().nullable(),
  /** The first broken place: the row (its id, null when the row is missing) and why. */
  broken: z
    .object({
      id: z.string().nullable(),
      chainSeq: z.string().nullable(),
      reason: z.enum(auditChainBreakReasons),
    })
    .nullable(),
  checkedAt: z.string(),
});
export type AuditChainVerification = z.infer<typeof auditChainVerificationSchema>;

export const auditVerifyResponseSchema = successEnvelope(auditChainVerificationSchema);

/** The CSV export's columns, in order. */
export const auditCsvColumns = [
  'id',
  'chain_seq',
  'created_at',
  'actor_type',
  'actor_id',
  'actor_ip',
  'user_agent',
  'action',
  'entity_type',
  'entity_id',
  'before',
  'after',
  'prev_hash',
  'hash',
] as const;
