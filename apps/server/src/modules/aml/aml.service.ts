import {
  type AmlAction,
  type AmlActionBody,
  amlActionFrom,
  amlActionStatus,
  type AmlEvidence,
  type AmlFlag,
  type AmlFlagDetail,
  type AmlFlagQuery,
  type AmlFlagStatus,
  amlFlagStatuses,
  type AmlMember,
  type AmlRule,
  amlRules,
  type AmlSettings,
  type AmlSettingsBody,
} from '@wps/contracts/aml';
import { type MemberStatus, memberStatuses } from '@wps/contracts/members';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { MemberProfileService } from '../members/member-profile.service';
import type { MemberService } from '../members/members.service';
import type { WalletService } from '../wallet/wallet.service';
import { findBrandRules, type SettingsValues, writeSettings } from './aml-settings.repository';
import * as repository from './aml.repository';

/** The staff member acting, as the audit trail and the member's timeline name them. */
export type AmlStaffActor = AuditActor & { type: 'staff'; id: string; username: string };

/** The brand the request acts on, as the member profile's status change takes it. */
export type AmlBrand = Parameters<MemberProfileService['changeStatus']>[1];

type AmlDependencies = {
  db: Database;
  wallet: Pick<WalletService, 'parseAmount' | 'formatAmount'>;
  members: Pick<MemberService, 'findById'>;
  /** The members' own status change (locks, ends sessions, writes the timeline and the audit trail). */
  memberStatus: Pick<MemberProfileService, 'changeStatus'>;
};

/** What the rules stored as evidence (jsonb): amounts in minor units, ids as strings; each rule fills its part. */
const storedEvidenceSchema = z.object({
  transactionId: z.string().optional(),
  amount: z.string().optional(),
  threshold: z.string().optional(),
  deposits: z.string().optional(),
  validBet: z.string().optional(),
  ratioPercent: z.number().optional(),
  since: z.string().nullable().optional(),
  transactionIds: z.array(z.string()).optional(),
  memberIds: z.array(z.string()).optional(),
  sharedValue: z.string().optional(),
  accountCount: z.number().optional(),
  transferCount: z.number().optional(),
  windowMinutes: z.number().optional(),
});
type StoredEvidence = z.infer<typeof storedEvidenceSchema>;

const evidenceOf = (row: repository.AmlFlagRow): StoredEvidence => {
  const parsed = storedEvidenceSchema.safeParse(row.evidence);
  return parsed.success ? parsed.data : {};
};

const ruleOf = (value: string): AmlRule => {
  const rule = amlRules.find((known) => known === value);
  if (!rule) throw new Error(`aml flag with an unknown rule ${value}`);
  return rule;
};
const statusOf = (value: string): AmlFlagStatus => {
  const status = amlFlagStatuses.find((known) => known === value);
  if (!status) throw new Error(`aml flag with an unknown status ${value}`);
  return status;
};
const memberStatusOf = (value: string): MemberStatus =>
  memberStatuses.find((known) => known === value) ?? 'disabled';

const toMember = (member: repository.DirectoryMember | undefined, id: bigint): AmlMember => ({
  id: id.toString(),
  username: member?.username ?? `#${id.toString()}`,
  status: memberStatusOf(member?.status ?? 'disabled'),
});

/** The ids of a stored list, never more than a bigint each (the fold wrote them from bigint columns). */
const idsOf = (values: readonly string[] | undefined): bigint[] =>
  (values ?? []).filter((value) => /^\d{1,19}$/.test(value)).map((value) => BigInt(value));

/**
 * The risk queue: the flags the AML monitor raised (`fold.service.ts`), what each saw, and staff's decisions on
 * them; and the brand's thresholds. Every decision takes a reason and is audited; restricting or closing changes
 * the member's status through the members module's own status change.
 */
export const createAmlService = ({ db, wallet, members, memberStatus }: AmlDependencies) => {
  const format = async (value: string | undefined, currency: string): Promise<string | null> =>
    value === undefined || !/^-?\d+$/.test(value) ? null : wallet.formatAmount(BigInt(value), currency);

  const toFlag = async (
    row: repository.AmlFlagRow,
    member: repository.DirectoryMember | undefined,
    currency: string,
  ): Promise<AmlFlag> => {
    const evidence = evidenceOf(row);
    return {
      id: row.id.toString(),
      rule: ruleOf(row.rule),
      status: statusOf(row.status),
      member: toMember(member, row.memberId),
      currency,
      amount: await format(evidence.amount, currency),
      accountCount: evidence.accountCount ?? null,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  };

  const describeEvidence = async (evidence: StoredEvidence, currency: string): Promise<AmlEvidence> => ({
    amount: await format(evidence.amount, currency),
    threshold: await format(evidence.threshold, currency),
    deposits: await format(evidence.deposits, currency),
    validBet: await format(evidence.validBet, currency),
    ratioPercent: evidence.ratioPercent ?? null,
    since: evidence.since ? new Date(evidence.since).toISOString() : null,
    sharedValue: evidence.sharedValue ?? null,
    accountCount: evidence.accountCount ?? null,
    transferCount: evidence.transferCount ?? null,
    windowMinutes: evidence.windowMinutes ?? null,
  });

  const detail = async (brand: AmlBrand, id: bigint): Promise<AmlFlagDetail> => {
    const row = await repository.findFlag(db, brand.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    const evidence = evidenceOf(row);
    const related = idsOf(evidence.memberIds).filter((memberId) => memberId !== row.memberId);
    const movements = await repository.listMovements(db, row.memberId, idsOf(evidence.transactionIds));
    const counterparts = movements.flatMap((movement) =>
      movement.counterpartId === null ? [] : [movement.counterpartId],
    );
    const known = new Map(
      (await repository.listDirectoryMembers(db, [row.memberId, ...related, ...counterparts])).map(
        (member) => [member.id, member],
      ),
    );
    return {
      ...(await toFlag(row, known.get(row.memberId), brand.currency)),
      evidence: await describeEvidence(evidence, brand.currency),
      movements: await Promise.all(
        movements.map(async (movement) => ({
          transactionId: movement.transactionId.toString(),
          kind: movement.kind,
          reference: movement.reference,
          amount: await wallet.formatAmount(movement.amount, brand.currency),
          counterpart:
            movement.counterpartId === null
              ? null
              : toMember(known.get(movement.counterpartId), movement.counterpartId),
          createdAt: movement.createdAt.toISOString(),
        })),
      ),
      relatedMembers: related.map((memberId) => toMember(known.get(memberId), memberId)),
      decision:
        row.decidedAt === null
          ? null
          : {
              reason: row.reason ?? '',
              reportReference: row.reportReference,
              staffUsername: row.decidedByUsername ?? '',
              decidedAt: row.decidedAt.toISOString(),
            },
    };
  };

  /** The member's status an action asks for: restrict locks an active account; close closes any that is open. */
  const statusChangeOf = (action: AmlAction, current: string): MemberStatus | null => {
    if (action === 'restrict') return current === 'active' ? 'locked' : null;
    if (action === 'close') return current === 'closed' ? null : 'closed';
    return null;
  };

  const settingsOf = async (brandId: bigint): Promise<AmlSettings> => {
    const rules = await findBrandRules(db, brandId);
    if (!rules) throw new AppError('NOT_FOUND');
    return {
      currency: rules.currency,
      largeDeposit: await wallet.formatAmount(rules.largeDeposit, rules.currency),
      largeWithdrawal: await wallet.formatAmount(rules.largeWithdrawal, rules.currency),
      littlePlayPercent: rules.littlePlayPercent,
      sharedAccountsMin: rules.sharedAccountsMin,
      transferWindowMinutes: rules.transferWindowMinutes,
      transferCountMin: rules.transferCountMin,
      transferAmountMin: await wallet.formatAmount(rules.transferAmountMin, rules.currency),
      isDefault: rules.isDefault,
    };
  };

  return {
    /** A page of the queue (open flags) or of every flag, newest first, optionally of one rule. */
    list: async (
      brand: AmlBrand,
      query: AmlFlagQuery,
    ): Promise<{ list: AmlFlag[]; total: number; totalPages: number }> => {
      const { rows, total } = await repository.listFlags(db, brand.id, query, query);
      const known = new Map(
        (await repository.listDirectoryMembers(db, [...new Set(rows.map((row) => row.memberId))])).map(
          (member) => [member.id, member],
        ),
      );
      return {
        list: await Promise.all(rows.map((row) => toFlag(row, known.get(row.memberId), brand.currency))),
        total,
        totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
      };
    },

    /** One flag with its evidence: the figures, the ledger movements, the other members involved. */
    detail,

    /**
     * Decides a flag: clear, restrict (the member locked), close (the member closed) or report (with the
     * reference of the report filed outside). The member's status changes first, through the members module (its
     * own transaction, timeline and audit); then the flag, under its row lock, with the audit of the decision.
     * A flag another staff member decided meanwhile is ALREADY_PROCESSED.
     */
    decide: async (
      actor: AmlStaffActor,
      brand: AmlBrand,
      id: bigint,
      action: AmlAction,
      body: AmlActionBody,
    ): Promise<AmlFlagDetail> => {
      const reportReference = body.reportReference ?? null;
      if (action === 'report' && reportReference === null) {
        const message = 'A report needs the reference of the report filed.';
        throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'reportReference', message }] });
      }
      const flag = await repository.findFlag(db, brand.id, id);
      if (!flag) throw new AppError('NOT_FOUND');
      const allowedFrom: readonly string[] = amlActionFrom[action];
      if (!allowedFrom.includes(flag.status)) throw new AppError('ALREADY_PROCESSED');
      const member = await members.findById(flag.memberId);
      if (!member) throw new AppError('NOT_FOUND');
      const nextStatus = statusChangeOf(action, member.status);
      if (nextStatus !== null) {
        await memberStatus.changeStatus(actor, brand, flag.memberId, {
          status: nextStatus,
          reason: `AML flag #${id.toString()}: ${body.reason}`,
        });
      }
      await db.transaction(async (tx) => {
        const locked = await repository.findFlag(tx, brand.id, id, { forUpdate: true });
        if (!locked || !allowedFrom.includes(locked.status)) throw new AppError('ALREADY_PROCESSED');
        const status = amlActionStatus[action];
        await repository.decideFlag(tx, id, {
          status,
          reason: body.reason,
          reportReference: action === 'report' ? reportReference : locked.reportReference,
          staffId: BigInt(actor.id),
          staffUsername: actor.username,
        });
        await recordAuditEvent(tx, {
          actor,
          action: `aml.flag.${action}`,
          entityType: 'aml_flag',
          entityId: id.toString(),
          before: { status: locked.status },
          after: {
            status,
            reason: body.reason,
            memberId: locked.memberId.toString(),
            rule: locked.rule,
            ...(action === 'report' ? { reportReference } : {}),
            ...(nextStatus === null ? {} : { memberStatus: nextStatus }),
          },
        });
      });
      return detail(brand, id);
    },

    settings: (brand: AmlBrand): Promise<AmlSettings> => settingsOf(brand.id),

    /** The brand's thresholds, replaced as a whole and audited with the values before and after. */
    updateSettings: async (
      actor: AuditActor,
      brand: AmlBrand,
      body: AmlSettingsBody,
    ): Promise<AmlSettings> => {
      const before = await settingsOf(brand.id);
      const values: SettingsValues = {
        largeDeposit: await wallet.parseAmount(body.largeDeposit, before.currency, 'largeDeposit'),
        largeWithdrawal: await wallet.parseAmount(body.largeWithdrawal, before.currency, 'largeWithdrawal'),
        littlePlayPercent: body.littlePlayPercent,
        sharedAccountsMin: body.sharedAccountsMin,
        transferWindowMinutes: body.transferWindowMinutes,
        transferCountMin: body.transferCountMin,
        transferAmountMin: await wallet.parseAmount(
          body.transferAmountMin,
          before.currency,
          'transferAmountMin',
        ),
      };
      await db.transaction(async (tx) => {
        await writeSettings(tx, brand.id, values);
        await recordAuditEvent(tx, {
          actor,
          action: 'aml.settings.update',
          entityType: 'brand',
          entityId: brand.id.toString(),
          before,
          after: { ...body, currency: before.currency },
        });
      });
      return settingsOf(brand.id);
    },
  };
};

export type AmlService = ReturnType<typeof createAmlService>;
