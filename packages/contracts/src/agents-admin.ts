import { z } from 'zod';
import {
  contractKinds,
  contractPaymentSchema,
  contractPaymentStatuses,
  contractSchema,
  contractStatuses,
} from './agent-contracts';
import { successEnvelope } from './envelope';

/**
 * The operator console's Agents section (`/wps/backoffice/agents/...`, `/wps/backoffice/agent-contracts/...`,
 * permission agents.view): the brand's agent tree, its agent contracts, their pay records and the settlement
 * runs. Amounts are decimal strings of the brand's currency, times ISO 8601 instants, days yyyy-MM-dd of the
 * brand's clock.
 */

const username = z.string().trim().min(1).max(64);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');
const id = z.string().regex(/^\d{1,19}$/);
const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
};
const page = { totalCount: z.number().int(), totalPages: z.number().int() };

/** A member in the agent tree, with what sits directly below it. */
export const agentTreeNodeSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: z.string(),
  upline: z.string().nullable(),
  /** Main wallet. */
  balance: z.string(),
  /** Direct downline players. */
  directMembers: z.number().int(),
  /** Direct downline agents (sub-agents). */
  directAgents: z.number().int(),
  /** Everyone below it, every level: what moves with it. */
  downlineSize: z.number().int(),
});
export type AgentTreeNode = z.infer<typeof agentTreeNodeSchema>;

/**
 * GET /agents/tree: without `parent`, the brand's top agents (agents without an upline); with it, that member's
 * direct downline, agents first, then by name.
 */
export const agentTreeQuerySchema = z.strictObject({ parent: username.optional(), ...pageQuery });
export type AgentTreeQuery = z.infer<typeof agentTreeQuerySchema>;
export const agentTreeResponseSchema = successEnvelope(
  z.object({ currency: z.string(), list: z.array(agentTreeNodeSchema), ...page }),
);

/** GET /agents/tree/locate?username: where a member sits, its upline path from the top down to it. */
export const agentTreeLocateQuerySchema = z.strictObject({ username });
export const agentTreeLocateResponseSchema = successEnvelope(
  z.object({
    currency: z.string(),
    /** The top of its line first, the member itself last. */
    path: z.array(agentTreeNodeSchema),
  }),
);

/** A contract as the operator sees it: no side of their own. */
export const adminContractSchema = contractSchema.omit({ myRole: true });
export type AdminContract = z.infer<typeof adminContractSchema>;

/** GET /agent-contracts: the brand's contracts, newest first; upline and downline by username. */
export const adminContractListQuerySchema = z.strictObject({
  kind: z.enum(contractKinds).optional(),
  status: z.enum(contractStatuses).optional(),
  upline: username.optional(),
  downline: username.optional(),
  ...pageQuery,
});
export type AdminContractListQuery = z.infer<typeof adminContractListQuerySchema>;
export const adminContractListResponseSchema = successEnvelope(
  z.object({ list: z.array(adminContractSchema), ...page }),
);

/** One change of a contract, from the audit trail (who, as the console names them, and the status after). */
export const contractHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** agents.contract.offer, .accept, .reject, .cancel, .terminate, … */
  action: z.string(),
  actorType: z.string(),
  /** The agent's username, `staff #<id>`, or the job's name. */
  actor: z.string(),
  status: z.string().nullable(),
});
export type ContractHistoryEntry = z.infer<typeof contractHistoryEntrySchema>;

/** GET /agent-contracts/:id: the contract's terms and its history, oldest first. */
export const adminContractDetailResponseSchema = successEnvelope(
  z.object({ contract: adminContractSchema, history: z.array(contractHistoryEntrySchema) }),
);

export const adminContractPaymentSchema = contractPaymentSchema.omit({ myRole: true }).extend({
  /** The settlement run that recorded it, and the one that paid it (null for records before runs were kept). */
  settlementRunId: z.string().nullable(),
  paidRunId: z.string().nullable(),
});
export type AdminContractPayment = z.infer<typeof adminContractPaymentSchema>;

/** GET /agent-contracts/payments: the brand's pay records, latest period first; totals over the whole filter. */
export const adminContractPaymentQuerySchema = z.strictObject({
  kind: z.enum(contractKinds).optional(),
  status: z.enum(contractPaymentStatuses).optional(),
  upline: username.optional(),
  downline: username.optional(),
  contractId: id.optional(),
  /** Records the run wrote or paid. */
  runId: id.optional(),
  /** Periods starting on or after this day / on or before this day (brand's clock). */
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  ...pageQuery,
});
export type AdminContractPaymentQuery = z.infer<typeof adminContractPaymentQuerySchema>;
export const adminContractPaymentListResponseSchema = successEnvelope(
  z.object({
    currency: z.string(),
    list: z.array(adminContractPaymentSchema),
    ...page,
    totals: z.object({ amount: z.string(), paid: z.string(), unpaid: z.string() }),
  }),
);

export const settlementRunTriggers = ['STAFF', 'SCHEDULE'] as const;
export const settlementRunStatuses = ['RUNNING', 'FINISHED', 'FAILED'] as const;

/**
 * A settlement run: every run a staff member started, and every scheduled run that settled or paid something.
 * The figures are the brand's: records the run paid (new periods and retried ones) and records it left unpaid.
 */
export const settlementRunSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  trigger: z.enum(settlementRunTriggers),
  /** The staff member's username, or the job's name. */
  startedBy: z.string(),
  /** The instant it settled up to (now, or a pretend now in tests). */
  asOf: z.string(),
  status: z.enum(settlementRunStatuses),
  paidCount: z.number().int(),
  unpaidCount: z.number().int(),
  zeroCount: z.number().int(),
  paidAmount: z.string(),
  unpaidAmount: z.string(),
  totalAmount: z.string(),
});
export type SettlementRun = z.infer<typeof settlementRunSchema>;

/** GET /agent-contracts/settlement/runs: newest first. */
export const settlementRunListQuerySchema = z.strictObject({ ...pageQuery });
export const settlementRunListResponseSchema = successEnvelope(
  z.object({ currency: z.string(), list: z.array(settlementRunSchema), ...page }),
);
