import { z } from 'zod';
import { successEnvelope } from './envelope';

/** Words shown to members per language (English required), as the operator wrote them. */
export const missionTextSchema = z.object({
  en: z.string().min(1).max(200),
  ur: z.string().max(200).optional(),
});
export type MissionText = z.infer<typeof missionTextSchema>;

export const missionKinds = [
  'deposit',
  'valid_bet',
  'rounds',
  'big_win',
  'login_streak',
  'first_use',
] as const;
export type MissionKind = (typeof missionKinds)[number];
export const missionCadences = ['daily', 'weekly', 'once'] as const;
export type MissionCadence = (typeof missionCadences)[number];
export const missionRewardKinds = ['cash', 'bonus', 'points'] as const;
export type MissionRewardKind = (typeof missionRewardKinds)[number];
export const missionStatuses = ['draft', 'live', 'paused', 'ended'] as const;
export type MissionStatus = (typeof missionStatuses)[number];
export const missionProgressStatuses = ['in_progress', 'completed', 'claimed'] as const;
export type MissionProgressStatus = (typeof missionProgressStatuses)[number];

export const leaderboardMetrics = ['mission_points', 'valid_bet'] as const;
export type LeaderboardMetric = (typeof leaderboardMetrics)[number];
export const leaderboardPeriods = ['daily', 'weekly', 'monthly'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];
export const leaderboardStatuses = ['live', 'paused', 'ended'] as const;
export type LeaderboardStatus = (typeof leaderboardStatuses)[number];

const decimalSchema = z.string().regex(/^\d{1,15}(\.\d{1,8})?$/);
const idSchema = z.string().regex(/^\d{1,18}$/);

/**
 * One of the member's missions in one period. Amount missions (`valid_bet`) give progress and target as decimals
 * in the brand's currency; the others count (rounds, deposits, days). `periodEndsAt` null: runs until the mission
 * ends (or for ever).
 */
export const memberMissionSchema = z.object({
  missionId: z.string(),
  periodKey: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(missionKinds),
  cadence: z.enum(missionCadences),
  progress: z.string(),
  target: z.string(),
  /** 0–100, for the progress bar. */
  percent: z.number(),
  status: z.enum(missionProgressStatuses),
  rewardKind: z.enum(missionRewardKinds),
  /** Money (cash, bonus) in the brand's currency, or whole points. */
  rewardAmount: z.string(),
  missionPoints: z.number().int(),
  periodEndsAt: z.string().nullable(),
});
export type MemberMission = z.infer<typeof memberMissionSchema>;

/** MCSFE_getMissionSummaryDetails. `lang` picks the title's language (English when missing). */
export const missionSummaryQuerySchema = z.strictObject({ lang: z.string().max(10).optional() });
export const missionSummarySchema = z.object({
  currency: z.string(),
  missions: z.array(memberMissionSchema),
  /** Completed, unclaimed missions the member has not seen yet (the menu badge). */
  unread: z.number().int(),
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;
export const missionSummaryResponseSchema = successEnvelope(missionSummarySchema);

export const missionUnreadResponseSchema = successEnvelope(z.object({ unread: z.number().int() }));

/** MCSFE_claimMission: the mission's reward for one period, once. */
export const claimMissionRequestSchema = z.strictObject({
  missionId: idSchema,
  periodKey: z.string().regex(/^(once|\d{4}-\d{2}-\d{2}|\d{4}-W\d{2})$/),
});
export type ClaimMissionRequest = z.infer<typeof claimMissionRequestSchema>;
/** Where the reward went: cash and bonus wait in the reward centre; points are credited at once. */
export const claimMissionResultSchema = z.object({
  mission: memberMissionSchema,
  placedIn: z.enum(['reward_centre', 'points']),
});
export type ClaimMissionResult = z.infer<typeof claimMissionResultSchema>;
export const claimMissionResponseSchema = successEnvelope(claimMissionResultSchema);

export const leaderboardQuerySchema = z.strictObject({
  leaderboardId: idSchema.optional(),
  lang: z.string().max(10).optional(),
});

/** A place in a standing; usernames are masked ("al***e"). Scores: points, or a decimal of valid bet. */
export const leaderboardEntrySchema = z.object({
  place: z.number().int(),
  username: z.string(),
  score: z.string(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const memberLeaderboardSchema = z.object({
  leaderboardId: z.string(),
  title: z.string(),
  metric: z.enum(leaderboardMetrics),
  period: z.enum(leaderboardPeriods),
  periodKey: z.string(),
  periodEndsAt: z.string(),
  /** Prize per place, place 1 first (decimals in the brand's currency). */
  prizes: z.array(z.string()),
  standings: z.array(leaderboardEntrySchema),
  /** The member's own place (null: no score yet this period) and score. */
  me: z.object({ place: z.number().int().nullable(), score: z.string() }),
  /** The last paid period's winners. */
  lastWinners: z.array(leaderboardEntrySchema.extend({ prize: z.string() })),
});
export type MemberLeaderboard = z.infer<typeof memberLeaderboardSchema>;
export const missionLeaderboardSchema = z.object({
  currency: z.string(),
  leaderboards: z.array(memberLeaderboardSchema),
});
export type MissionLeaderboards = z.infer<typeof missionLeaderboardSchema>;
export const missionLeaderboardResponseSchema = successEnvelope(missionLeaderboardSchema);

/* Operator side (/wps/backoffice/loyalty/missions, /wps/backoffice/loyalty/leaderboards). */

export const missionParamsSchema = z.strictObject({ id: idSchema });

/**
 * A mission as the operator writes it. `target`: a decimal amount for valid_bet, a whole count otherwise (deposits,
 * rounds, wins, days; 1 for first_use). `threshold`: the least deposit (decimal) for deposit missions, the win
 * multiple for big_win ("10" = 10× the stake). `feature`: a product line or 'deposit' (first_use).
 */
export const missionBodySchema = z.strictObject({
  title: missionTextSchema,
  description: z.object({ en: z.string().max(1000), ur: z.string().max(1000).optional() }),
  kind: z.enum(missionKinds),
  cadence: z.enum(missionCadences),
  target: decimalSchema,
  threshold: decimalSchema.default('0'),
  productLine: z.string().max(16).nullable().default(null),
  gameId: idSchema.nullable().default(null),
  feature: z.string().max(16).nullable().default(null),
  rewardKind: z.enum(missionRewardKinds),
  rewardAmount: decimalSchema,
  rewardTurnoverMultiplier: z.number().int().min(0).max(100).default(0),
  missionPoints: z.number().int().min(0).max(1_000_000).default(0),
  startsAt: z.iso.datetime({ offset: true }).optional(),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type MissionBody = z.input<typeof missionBodySchema>;

export const operatorMissionSchema = z.object({
  id: z.string(),
  title: missionTextSchema,
  description: z.object({ en: z.string(), ur: z.string().optional() }),
  kind: z.enum(missionKinds),
  cadence: z.enum(missionCadences),
  target: z.string(),
  threshold: z.string(),
  productLine: z.string().nullable(),
  gameId: z.string().nullable(),
  feature: z.string().nullable(),
  rewardKind: z.enum(missionRewardKinds),
  rewardAmount: z.string(),
  rewardTurnoverMultiplier: z.number().int(),
  missionPoints: z.number().int(),
  status: z.enum(missionStatuses),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  sortOrder: z.number().int(),
  updatedAt: z.string(),
});
export type OperatorMission = z.infer<typeof operatorMissionSchema>;
export const operatorMissionResponseSchema = successEnvelope(operatorMissionSchema);
export const operatorMissionListResponseSchema = successEnvelope(
  z.object({ currency: z.string(), missions: z.array(operatorMissionSchema) }),
);
export const missionStatusRequestSchema = z.strictObject({ status: z.enum(missionStatuses) });

export const leaderboardBodySchema = z.strictObject({
  title: missionTextSchema,
  metric: z.enum(leaderboardMetrics),
  period: z.enum(leaderboardPeriods),
  /** Prize per place, place 1 first (decimals in the brand's currency). */
  prizes: z.array(decimalSchema).min(1).max(100),
  prizeTurnoverMultiplier: z.number().int().min(0).max(100).default(0),
});
export type LeaderboardBody = z.input<typeof leaderboardBodySchema>;

export const operatorLeaderboardSchema = z.object({
  id: z.string(),
  title: missionTextSchema,
  metric: z.enum(leaderboardMetrics),
  period: z.enum(leaderboardPeriods),
  prizes: z.array(z.string()),
  prizeTurnoverMultiplier: z.number().int(),
  status: z.enum(leaderboardStatuses),
  updatedAt: z.string(),
});
export type OperatorLeaderboard = z.infer<typeof operatorLeaderboardSchema>;
export const operatorLeaderboardResponseSchema = successEnvelope(operatorLeaderboardSchema);
export const operatorLeaderboardListResponseSchema = successEnvelope(
  z.object({ currency: z.string(), leaderboards: z.array(operatorLeaderboardSchema) }),
);
export const leaderboardStatusRequestSchema = z.strictObject({ status: z.enum(leaderboardStatuses) });

export const leaderboardPayoutSchema = z.object({
  leaderboardId: z.string(),
  periodKey: z.string(),
  place: z.number().int(),
  username: z.string(),
  score: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});
export type LeaderboardPayout = z.infer<typeof leaderboardPayoutSchema>;
export const leaderboardPayoutListResponseSchema = successEnvelope(
  z.object({ payouts: z.array(leaderboardPayoutSchema) }),
);
