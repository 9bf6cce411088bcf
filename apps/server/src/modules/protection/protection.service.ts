import {
  type EndExclusionBody,
  type Exclusion,
  limitCoolingOffHours,
  type MemberProtectionAdmin,
  type PlayLimit,
  type ProtectionSession,
  type ProtectionStatus,
  type SelfExclusionDuration,
  type SetPlayLimitBody,
  type SetRealityCheckBody,
  type StartSelfExclusionBody,
  type StartTimeOutBody,
} from '@wps/contracts/protection';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { MemberRow, MemberService, PersonDetails } from '../members/members.service';
import type { SiteService } from '../site/site.service';
import type { WalletService } from '../wallet/wallet.service';
import * as repository from './protection.repository';

type ProtectionDependencies = {
  db: Database;
  site: Pick<SiteService, 'getBrandCurrency'>;
  wallet: Pick<WalletService, 'parseAmount' | 'formatAmount'>;
  members: Pick<MemberService, 'checkLoginPassword' | 'findById' | 'hasMemberLikePerson'>;
  auth: Pick<AuthService, 'endMemberSessions'>;
};

type Member = Pick<MemberRow, 'id' | 'brandId'>;

const hour = 3_600_000;
const day = 24 * hour;
const selfExclusionMonths: Record<Exclude<SelfExclusionDuration, 'permanent'>, number> = {
  '6m': 6,
  '1y': 12,
  '5y': 60,
};

const addMonths = (from: Date, months: number): Date => {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
};

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** The limit in force at `at`: a pending change once its cooling-off has passed (as the ledger rule reads it). */
const inForce = (row: repository.LimitState, at: Date): bigint | null =>
  row.pendingFrom !== null && row.pendingFrom <= at
    ? row.pendingRemoval
      ? null
      : row.pendingAmount
    : row.amount;

/** What binds of an exclusion row: a time-out until its end, a self-exclusion until staff end it. */
const bindingExclusion = (row: repository.ExclusionRow | undefined, at: Date): Exclusion | null => {
  if (!row || row.endedAt) return null;
  const hasRunOut = row.endsAt !== null && row.endsAt <= at;
  if (row.kind === 'time_out' && hasRunOut) return null;
  return {
    kind: row.kind,
    startedAt: row.startedAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    awaitsReview: row.kind === 'self_exclusion' && hasRunOut,
  };
};

/**
 * Responsible gambling: the member's own limits, time-outs and self-exclusion, and what staff may do about an
 * exclusion. The binding itself is the ledger's rule (migration 0063): every stake, whoever writes it, is
 * refused there; this service keeps its tables and answers the checks other domains ask before money moves
 * (a deposit, a launch, an agent's transfer).
 */
export const createProtectionService = ({ db, site, wallet, members, auth }: ProtectionDependencies) => {
  const currencyOf = async (brandId: bigint): Promise<string> => {
    const currency = await site.getBrandCurrency(brandId);
    if (currency === undefined) throw new AppError('NOT_FOUND');
    return currency;
  };

  const limitsOf = async (memberId: bigint, currency: string): Promise<PlayLimit[]> => {
    const rows = await repository.listLimitsWithUsage(db, memberId);
    const format = (kind: string, amount: bigint) =>
      kind === 'session' ? Promise.resolve(amount.toString()) : wallet.formatAmount(amount, currency);
    const limits: PlayLimit[] = [];
    for (const row of rows) {
      const hasPending = row.pending_from !== null && asDate(row.pending_from) > new Date();
      if (row.in_force === null && !hasPending) continue;
      limits.push({
        kind: row.kind,
        period: row.period,
        amount: row.in_force === null ? null : await format(row.kind, BigInt(row.in_force)),
        used: await format(row.kind, BigInt(row.used)),
        pending:
          hasPending && row.pending_from !== null
            ? {
                amount:
                  row.pending_removal || row.pending_amount === null
                    ? null
                    : await format(row.kind, BigInt(row.pending_amount)),
                from: asDate(row.pending_from).toISOString(),
              }
            : null,
        resetsAt: asDate(row.resets_at).toISOString(),
      });
    }
    return limits;
  };

  const status = async (member: Member): Promise<ProtectionStatus> => {
    const currency = await currencyOf(member.brandId);
    const [protection, exclusion, limits] = await Promise.all([
      repository.findProtection(db, member.id),
      repository.findOpenExclusion(db, member.id),
      limitsOf(member.id, currency),
    ]);
    return {
      currency,
      limits,
      exclusion: bindingExclusion(exclusion, new Date()),
      realityCheckMinutes: protection?.realityCheckMinutes ?? null,
    };
  };

  /**
   * Starts an exclusion: closes one that no longer binds (a time-out that ran out), refuses to shorten one that
   * does, blocks stakes from now, and signs the member out everywhere, all in one transaction.
   */
  const exclude = async (
    member: Member,
    exclusion: { kind: Exclusion['kind']; duration: string; endsAt: Date | null },
  ): Promise<Exclusion> => {
    const now = new Date();
    const row = await db.transaction(async (tx) => {
      await repository.ensureProtection(tx, member.id, member.brandId);
      const open = await repository.findOpenExclusion(tx, member.id, true);
      if (open) {
        const binding = bindingExclusion(open, now);
        const isLonger =
          open.endsAt !== null && (exclusion.endsAt === null || exclusion.endsAt > open.endsAt);
        if (binding && !isLonger) {
          throw new AppError('VALIDATION_FAILED', {
            message: 'An exclusion that ends later is already running.',
            issues: [{ field: 'duration', message: 'An exclusion that ends later is already running.' }],
          });
        }
        await repository.endExclusion(tx, open.id, {
          staffId: null,
          reason: binding ? 'extended' : 'expired',
        });
      }
      const written = await repository.insertExclusion(tx, {
        memberId: member.id,
        brandId: member.brandId,
        kind: exclusion.kind,
        duration: exclusion.duration,
        endsAt: exclusion.endsAt,
      });
      // A self-exclusion binds until staff end it on the member's request after its term; a time-out just ends.
      await repository.setPlayBlockedUntil(
        tx,
        member.id,
        exclusion.kind === 'time_out' ? exclusion.endsAt : 'infinity',
      );
      await auth.endMemberSessions(tx, member.id);
      return written;
    });
    const binding = bindingExclusion(row, now);
    if (!binding) throw new Error('a new exclusion binds');
    return binding;
  };

  return {
    status,

    /**
     * Sets, lowers, raises or removes one limit. Lower (or a first limit) binds at once; higher or removed waits
     * `limitCoolingOffHours`, stored with the time it takes over, so a restart changes nothing.
     */
    setLimit: async (member: Member, body: SetPlayLimitBody): Promise<ProtectionStatus> => {
      const currency = await currencyOf(member.brandId);
      const next =
        body.amount === null
          ? null
          : body.kind === 'session'
            ? BigInt(body.amount)
            : await wallet.parseAmount(body.amount, currency);
      const key = { memberId: member.id, kind: body.kind, period: body.period };
      await db.transaction(async (tx) => {
        await repository.ensureProtection(tx, member.id, member.brandId);
        const row = await repository.lockLimit(tx, member.id, body.kind, body.period);
        const now = new Date();
        const current = row ? inForce(row, now) : null;
        const coolingOffEnds = new Date(now.getTime() + limitCoolingOffHours * hour);
        const none = { pendingAmount: null, pendingRemoval: false, pendingFrom: null };
        if (current === null) {
          if (next === null) {
            if (row) await repository.deleteLimit(tx, key);
            return;
          }
          await repository.writeLimit(tx, key, { amount: next, ...none });
          if (body.kind !== 'session') await repository.recountUsage(tx, member.id);
          return;
        }
        if (next === null) {
          await repository.writeLimit(tx, key, {
            amount: current,
            pendingAmount: null,
            pendingRemoval: true,
            pendingFrom: coolingOffEnds,
          });
        } else if (next <= current) {
          await repository.writeLimit(tx, key, { amount: next, ...none });
        } else {
          await repository.writeLimit(tx, key, {
            amount: current,
            pendingAmount: next,
            pendingRemoval: false,
            pendingFrom: coolingOffEnds,
          });
        }
      });
      return status(member);
    },

    startTimeOut: (member: Member, body: StartTimeOutBody): Promise<Exclusion> =>
      exclude(member, {
        kind: 'time_out',
        duration: `${String(body.days)}d`,
        endsAt: new Date(Date.now() + body.days * day),
      }),

    startSelfExclusion: async (member: MemberRow, body: StartSelfExclusionBody): Promise<Exclusion> => {
      await members.checkLoginPassword(member, body.password);
      return exclude(member, {
        kind: 'self_exclusion',
        duration: body.duration,
        endsAt:
          body.duration === 'permanent' ? null : addMonths(new Date(), selfExclusionMonths[body.duration]),
      });
    },

    /**
     * The reality check's figures: the member's last sign-in (the session's start) and the net result of their
     * play since then in the brand's currency, with the interval they chose.
     */
    sessionSummary: async (member: Member & Pick<MemberRow, 'lastLoginAt'>): Promise<ProtectionSession> => {
      const currency = await currencyOf(member.brandId);
      const startedAt = member.lastLoginAt ?? new Date();
      const [net, protection] = await Promise.all([
        repository.sumNetResultSince(db, member.id, currency, startedAt),
        repository.findProtection(db, member.id),
      ]);
      return {
        startedAt: startedAt.toISOString(),
        currency,
        netResult: await wallet.formatAmount(net, currency),
        realityCheckMinutes: protection?.realityCheckMinutes ?? null,
      };
    },

    setRealityCheck: async (member: Member, body: SetRealityCheckBody): Promise<ProtectionStatus> => {
      await db.transaction(async (tx) => {
        await repository.ensureProtection(tx, member.id, member.brandId);
        await repository.setRealityCheck(tx, member.id, body.minutes);
      });
      return status(member);
    },

    /** The console's view of a member: what they set, what binds, and every exclusion they had. */
    adminView: async (brandId: bigint, memberId: bigint): Promise<MemberProtectionAdmin> => {
      const member = await members.findById(memberId);
      if (member?.brandId !== brandId) throw new AppError('NOT_FOUND');
      const [current, history] = await Promise.all([status(member), repository.listExclusions(db, memberId)]);
      return {
        ...current,
        history: history.map((row) => ({
          id: row.id.toString(),
          kind: row.kind,
          duration: row.duration,
          startedAt: row.startedAt.toISOString(),
          endsAt: row.endsAt?.toISOString() ?? null,
          awaitsReview: false,
          endedAt: row.endedAt?.toISOString() ?? null,
          endReason: row.endReason,
        })),
      };
    },

    /**
     * Staff end an exclusion on the member's request once its term has run out (a permanent one never, a time-out
     * ends by itself), with a reason the audit keeps; stakes are allowed again at once.
     */
    endExclusion: async (
      actor: AuditActor & { id: string },
      brandId: bigint,
      memberId: bigint,
      body: EndExclusionBody,
    ): Promise<void> => {
      const member = await members.findById(memberId);
      if (member?.brandId !== brandId) throw new AppError('NOT_FOUND');
      await db.transaction(async (tx) => {
        const open = await repository.findOpenExclusion(tx, memberId, true);
        if (!open) throw new AppError('NOT_FOUND', { message: 'This member has no exclusion to end.' });
        if (open.endsAt === null || open.endsAt > new Date()) throw new AppError('EXCLUSION_NOT_ENDABLE');
        await repository.endExclusion(tx, open.id, { staffId: BigInt(actor.id), reason: body.reason });
        await repository.setPlayBlockedUntil(tx, memberId, null);
        await recordAuditEvent(tx, {
          actor,
          action: 'member.exclusion.end',
          entityType: 'member',
          entityId: memberId.toString(),
          before: { kind: open.kind, duration: open.duration, endsAt: open.endsAt.toISOString() },
          after: { endedAt: new Date().toISOString(), reason: body.reason },
        });
      });
    },

    /** Whether stakes are refused now (a time-out or a self-exclusion): launches, bonuses and agents ask. */
    isPlayBlocked: (memberId: bigint, executor: Executor = db): Promise<boolean> =>
      repository.isPlayBlocked(executor, memberId),

    /** Which of the members are excluded now: batch payments (the daily rebate) leave them out. */
    listPlayBlocked: (memberIds: readonly bigint[], executor: Executor = db): Promise<Set<bigint>> =>
      repository.listPlayBlocked(executor, memberIds),

    /**
     * Before an account is made (a registration, a first social sign-in): refused while a member of the brand
     * with the same mobile number, email or ID number is in a time-out or a self-exclusion, so an excluded person
     * cannot come back under another name.
     */
    assertNotExcludedPerson: async (brandId: bigint, person: PersonDetails): Promise<void> => {
      const excluded = await repository.listPlayBlockedInBrand(db, brandId);
      // A neutral refusal: whoever types in a person's mobile, email or ID must not learn that they are excluded.
      if (await members.hasMemberLikePerson(excluded, person)) throw new AppError('REGISTRATION_REFUSED');
    },

    /** Before a game opens: refused while excluded or once a session-time limit is used up. */
    assertCanPlay: async (memberId: bigint): Promise<void> => {
      if (await repository.isPlayBlocked(db, memberId)) throw new AppError('PLAYER_EXCLUDED');
      if (await repository.isSessionTimeUsedUp(db, memberId)) throw new AppError('PLAYER_LIMIT_REACHED');
    },

    /**
     * Before a deposit is accepted, in its transaction: refused while excluded or above the headroom of the
     * member's deposit limits (their usage rows stay locked until the transaction ends). The deposit counts when
     * the ledger credits it; `awaitingCredit` answers what the member already asked and is not credited yet,
     * read under those locks, so requests waiting for their money cannot together pass the limit either.
     */
    assertCanDeposit: async (
      executor: Executor,
      memberId: bigint,
      amount: bigint,
      awaitingCredit: () => Promise<bigint> = () => Promise.resolve(0n),
    ): Promise<void> => {
      if (await repository.isPlayBlocked(executor, memberId)) throw new AppError('PLAYER_EXCLUDED');
      const headroom = await repository.lockDepositHeadroom(executor, memberId);
      if (headroom !== null && amount + (await awaitingCredit()) > headroom) {
        throw new AppError('PLAYER_LIMIT_REACHED');
      }
    },

    /** Time signed in, counted against session-time limits (members without one: nothing is written). */
    recordSessionTime: async (memberId: bigint, elapsedMs: number): Promise<void> => {
      const minutes = Math.round(elapsedMs / 60_000);
      if (minutes > 0) await repository.addSessionMinutes(db, memberId, minutes);
    },
  };
};

export type ProtectionService = ReturnType<typeof createProtectionService>;
