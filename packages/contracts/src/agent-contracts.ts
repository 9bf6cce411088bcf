import { z } from 'zod';
import {
  contractActions,
  contractKinds,
  contractPayers,
  contractPaymentStatuses,
  contractPeriods,
  contractSides,
  contractStatuses,
  contractTerminationReasons,
  maxTiers,
  basisPointsPerWhole,
} from './agent-contract-rules';
import { successEnvelope } from './envelope';

export * from './agent-contract-rules';

/**
 * Agent contracts (spec sections 1, 3, 4, 7, 9): an agent offers a contract to one of its DIRECT downline
 * agents, the downline accepts or rejects it; either side may ask to terminate and the other confirms. Amounts
 * are decimal strings of the brand's currency, times ISO 8601 instants, rates basis points (1 = 0.01 %).
 */

const amount = z.string().trim().min(1).max(40);
const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const contractTierInputSchema = z.strictObject({
  /** The figure the tier needs: team loss (dividend) or valid bet (salaries), as a decimal amount; "0" for any. */
  minFigure: amount,
  /** Members of the team with a valid bet in the period. */
  minActiveMembers: z.number().int().min(0).max(1_000_000).default(0),
  rateBasisPoints: z.number().int().min(1).max(basisPointsPerWhole),
});
export type ContractTierInput = z.input<typeof contractTierInputSchema>;

export const contractTierSchema = z.object({
  minFigure: z.string(),
  minActiveMembers: z.number().int(),
  rateBasisPoints: z.number().int(),
});
export type ContractTier = z.infer<typeof contractTierSchema>;

const partySchema = z.object({ id: z.string(), account: z.string(), nickname: z.string() });

export const contractSchema = z.object({
  id: z.string(),
  kind: z.enum(contractKinds),
  period: z.enum(contractPeriods),
  status: z.enum(contractStatuses),
  payer: z.enum(contractPayers),
  upline: partySchema,
  downline: partySchema,
  /** Which side the caller is on. */
  myRole: z.enum(contractSides),
  tiers: z.array(contractTierSchema),
  /** The highest tier's rate: what the auto-termination rule compares. */
  rateBasisPoints: z.number().int(),
  currency: z.string(),
  offeredAt: z.string(),
  respondedAt: z.string().nullable(),
  /** Start of the first period it pays (the period in which it was accepted). */
  effectiveFrom: z.string().nullable(),
  /** Periods ending at or before this instant are settled. */
  settledThrough: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  terminationReason: z.enum(contractTerminationReasons).nullable(),
  /** An open termination request on an ACTIVE contract: the other side confirms it (TERMINATE or ACCEPT). */
  terminationRequestedBy: z.enum(contractSides).nullable(),
  terminationRequestedAt: z.string().nullable(),
});
export type AgentContract = z.infer<typeof contractSchema>;

/** GET of a process endpoint: the caller's current contracts of that kind on both sides. */
export const contractOverviewSchema = z.object({
  kind: z.enum(contractKinds),
  /** AGENTPOLICY3 is on for the brand and the caller is an agent. */
  enabled: z.boolean(),
  /** From the caller's upline: the pending offer and the active contract (at most one of each). */
  asDownline: z.array(contractSchema),
  /** The caller's own offers and active contracts with its direct downline agents. */
  asUpline: z.array(contractSchema),
  /** Direct downline agents the caller may offer this kind to. */
  offerableDownlines: z.array(partySchema),
  /** Highest rate the caller may offer: its own active contract's rate of this kind, null when unlimited. */
  maxOfferRateBasisPoints: z.number().int().nullable(),
});
export type ContractOverview = z.infer<typeof contractOverviewSchema>;
export const contractOverviewResponseSchema = successEnvelope(contractOverviewSchema);

/**
 * POST of a process endpoint (MCS2_processDividendReq, MCS2_processDailySalContract,
 * MCS2_processContractHourSalary, MCSFE_processRealTimeSalaryContract); the endpoint decides the kind.
 * OFFER (upline; replaces its own pending offer to that downline), CANCEL (upline, its pending offer), ACCEPT /
 * REJECT (downline on a pending offer; or the side that did not ask, on a termination request), TERMINATE (either
 * side of an active contract: asks for termination, or confirms the other side's request).
 */
export const processContractRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('OFFER'),
    /** Username of a direct downline agent. */
    downline: z.string().trim().min(1).max(64),
    /** Dividends only (DAILY, WEEKLY, SEMIMONTHLY, MONTHLY); the salaries' period is fixed. */
    period: z.enum(contractPeriods).optional(),
    tiers: z.array(contractTierInputSchema).min(1).max(maxTiers),
  }),
  z.strictObject({
    action: z.enum(contractActions).exclude(['OFFER']),
    contractId: z.string().regex(/^\d{1,19}$/),
  }),
]);
export type ProcessContractRequest = z.input<typeof processContractRequestSchema>;

export const contractActionResultSchema = z.object({
  contract: contractSchema,
  /** Contracts this action ended: the replaced one, higher-rate downline contracts, a replaced offer. */
  ended: z.array(contractSchema),
});
export type ContractActionResult = z.infer<typeof contractActionResultSchema>;
export const contractActionResponseSchema = successEnvelope(contractActionResultSchema);

export const contractListQuerySchema = z.strictObject({
  role: z.enum(contractSides).optional(),
  kind: z.enum(contractKinds).optional(),
  status: z.enum(contractStatuses).optional(),
  ...pageQuery,
});
export type ContractListQuery = z.infer<typeof contractListQuerySchema>;
export const contractListResponseSchema = successEnvelope(
  z.object({ list: z.array(contractSchema), totalCount: z.number().int(), totalPages: z.number().int() }),
);

/** Requests waiting for the caller: offers to accept or reject, termination requests to confirm or refuse. */
export const contractPopupSchema = z.object({
  items: z.array(z.object({ request: z.enum(['NEW', 'TERMINATION']), contract: contractSchema })),
});
export type ContractPopup = z.infer<typeof contractPopupSchema>;
export const contractPopupResponseSchema = successEnvelope(contractPopupSchema);

/**
 * Consolidated contract info (spec section 3), loaded after login when AGENTPOLICY3 is on. Each `…req` field is
 * the request waiting for the caller in that kind: 0 none, 1 a new contract request, 2 a termination request.
 * The flags say which agent-centre pages show: the caller is a party to a contract of that kind (pending,
 * active or ended with pay records) or may offer one (an agent with direct downline agents).
 */
export const consolidatedContractInfoSchema = z.object({
  enabled: z.boolean(),
  divtypereq: z.number().int(),
  dailysalreqtype: z.number().int(),
  contracthoursalreq: z.number().int(),
  realtimesalreqtype: z.number().int(),
  /** Dividend page (agentDividendRecordCopy2). */
  dividendFlag: z.boolean(),
  /** Daily salary page (agentDailyWages2). */
  dailySalaryFlag: z.boolean(),
  /** Hourly salary page (agentHourSalary). */
  hourlySalaryFlag: z.boolean(),
  /** Real-time salary page (agentRealtimeSalary). */
  salaryFlag: z.boolean(),
});
export type ConsolidatedContractInfo = z.infer<typeof consolidatedContractInfoSchema>;
export const consolidatedContractInfoResponseSchema = successEnvelope(consolidatedContractInfoSchema);

const figuresSchema = z.object({
  validBet: z.string(),
  /** The team's profit and loss (payout − valid bet); negative is a loss, which a dividend pays on. */
  profitLoss: z.string(),
  activeMembers: z.number().int(),
});

export const contractPaymentSchema = z.object({
  id: z.string(),
  contractId: z.string(),
  kind: z.enum(contractKinds),
  period: z.enum(contractPeriods),
  periodStart: z.string(),
  periodEnd: z.string(),
  payer: z.enum(contractPayers),
  upline: partySchema.pick({ account: true, nickname: true }),
  downline: partySchema.pick({ account: true, nickname: true }),
  myRole: z.enum(contractSides),
  figures: figuresSchema,
  rateBasisPoints: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(contractPaymentStatuses),
  /** Settlement attempts (an UNPAID record is retried on every run). */
  attempts: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type ContractPayment = z.infer<typeof contractPaymentSchema>;

export const contractPaymentQuerySchema = z.strictObject({
  role: z.enum(contractSides).optional(),
  kind: z.enum(contractKinds).optional(),
  contractId: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
  status: z.enum(contractPaymentStatuses).optional(),
  /** Period start on or after / before (ISO instants). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  ...pageQuery,
});
export type ContractPaymentQuery = z.infer<typeof contractPaymentQuerySchema>;
export const contractPaymentListResponseSchema = successEnvelope(
  z.object({
    list: z.array(contractPaymentSchema),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    /** Sum of PAID amounts over the filter. */
    paidTotal: z.string(),
  }),
);

/** What the period in progress would pay if it closed now (REALTIME: the day so far less what was paid). */
export const contractPreviewSchema = z.object({
  contractId: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  figures: figuresSchema,
  rateBasisPoints: z.number().int(),
  amount: z.string(),
  currency: z.string(),
});
export type ContractPreview = z.infer<typeof contractPreviewSchema>;
export const contractPreviewResponseSchema = successEnvelope(contractPreviewSchema);

/** Operator: a platform-paid contract offered for an agent to its direct downline agent (accepted as usual). */
export const platformOfferRequestSchema = z.strictObject({
  /** The agent on whose behalf it is offered (the contract's upline). */
  upline: z.string().trim().min(1).max(64),
  kind: z.enum(contractKinds),
  downline: z.string().trim().min(1).max(64),
  period: z.enum(contractPeriods).optional(),
  tiers: z.array(contractTierInputSchema).min(1).max(maxTiers),
});

/** Operator: run settlement now; `asOf` (a pretend "now") is accepted only when the server runs NODE_ENV=test. */
export const settlementRunRequestSchema = z.strictObject({
  asOf: z.iso.datetime({ offset: true }).optional(),
});
export const settlementRunResultSchema = z.object({
  settledPeriods: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  zero: z.number().int(),
  retriedPaid: z.number().int(),
});
export type SettlementRunResult = z.infer<typeof settlementRunResultSchema>;
export const settlementRunResponseSchema = successEnvelope(settlementRunResultSchema);
