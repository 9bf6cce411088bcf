import { randomInt } from 'node:crypto';
import {
  type AffiliateLink,
  type AgentFigures,
  type AgentRegisterRequest,
  maxAffiliateLinks,
  maxReportDays,
  type TeamOverview,
} from '@wps/contracts/agents';
import { isAgentType, isTrialType, MemberType } from '@wps/contracts/auth';
import { formatMinorUnits } from '@wps/contracts/money';
import { checkRegisterField, formatRuleMessage, validationMessagesEn } from '@wps/contracts/validation-rules';
import type { Database } from '../../db/database';
import { findDatabaseError } from '../../db/database-errors';
import { AppError } from '../../http/app-error';
import { hashPassword } from '../../lib/password-hashing';
import { recordAuditEvent, type AuditActor } from '../audit/audit.service';
import type { MemberRow, MemberService } from '../members/members.service';
import type { BrandContext } from '../site/site.service';
import type { LedgerService } from '../wallet/ledger.service';
import * as repository from './agents.repository';

/** What the agent centre needs of the brand: whose currency, clock and site address apply. */
export type AgentBrand = { id: bigint; currency: string; timeZone: string; mainDomain: string };

type Period = { startDate?: string | undefined; endDate?: string | undefined };
type Page = { pageNo: number; pageSize: number };

const dayMs = 86_400_000;
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

const invalid = (field: string, message: string): AppError =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

/** The tree trigger's refusal of a move under the member's own downline (a move that raced the check). */
const isTreeCycleError = (error: unknown): boolean =>
  findDatabaseError(error)?.constraint === 'member_tree_no_cycle';

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 8 characters of an unambiguous alphabet from the CSPRNG: about 2^40 codes per brand. */
const newAffiliateCode = (): string =>
  Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)] ?? 'A').join('');

/**
 * The agent centre: team reports from the roll-ups, the downline, registering members and sub-agents, affiliate
 * links, and the operator's audited move of a member between agents. Every read is confined to the caller's own
 * downline on the server: a member outside it answers NOT_IN_YOUR_LINE, the same as an unknown name.
 */
export const createAgentService = ({
  db,
  members,
  ledger,
}: {
  db: Database;
  members: MemberService;
  ledger: LedgerService;
}) => {
  const assertAgent = (member: MemberRow): void => {
    if (!isAgentType(member.type) || isTrialType(member.type)) throw new AppError('NOT_AN_AGENT');
  };

  /** The period's days, checked: from ≤ to and at most `maxReportDays` days. */
  const resolvePeriod = async (brand: AgentBrand, period: Period): Promise<{ from: string; to: string }> => {
    const from = period.startDate ?? (await repository.findToday(db, brand.timeZone));
    const to = period.endDate ?? from;
    if (Number.isNaN(Date.parse(`${from}T00:00:00Z`))) throw invalid('startDate', 'Not a date.');
    if (Number.isNaN(Date.parse(`${to}T00:00:00Z`))) throw invalid('endDate', 'Not a date.');
    const span = daysBetween(from, to);
    if (span < 0) throw invalid('endDate', 'The end date is before the start date.');
    if (span >= maxReportDays) throw invalid('endDate', `At most ${maxReportDays} days.`);
    return { from, to };
  };

  const formatterFor = async (currency: string) => {
    const exponent = await ledger.getCurrencyExponent(currency);
    return (amount: bigint): string => formatMinorUnits(amount, exponent);
  };

  const formatFigures = (figures: repository.Figures, format: (amount: bigint) => string): AgentFigures => ({
    betCount: figures.betCount,
    betAmount: format(figures.betAmount),
    validBet: format(figures.validBet),
    payout: format(figures.payout),
    profitLoss: format(figures.profitLoss),
    depositCount: figures.depositCount,
    depositAmount: format(figures.depositAmount),
    withdrawalCount: figures.withdrawalCount,
    withdrawalAmount: format(figures.withdrawalAmount),
    bonusAmount: format(figures.bonusAmount),
  });

  /** A member of the agent's downline by name, or NOT_IN_YOUR_LINE (also for unknown names and the agent). */
  const findDownlineMember = async (agent: MemberRow, username: string): Promise<MemberRow> => {
    const member = await members.findByUsername(agent.brandId, username);
    const level = member ? await repository.findLevelBelow(db, agent.id, member.id) : null;
    if (!member || level === null || level < 1) throw new AppError('NOT_IN_YOUR_LINE');
    return member;
  };

  const linkUrl = (brand: AgentBrand, code: string): string =>
    `https://${brand.mainDomain}/register?affiliate=${encodeURIComponent(code)}`;

  return {
    assertAgent,

    teamOverview: async (agent: MemberRow, brand: AgentBrand, period: Period): Promise<TeamOverview> => {
      assertAgent(agent);
      const { from, to } = await resolvePeriod(brand, period);
      const [format, counts, { period: figures, days }, newMembers] = await Promise.all([
        formatterFor(brand.currency),
        repository.countDownline(db, agent.id),
        repository.downlineFiguresByDay(db, { agentId: agent.id, from, to }),
        repository.countNewMembersByDay(db, { agentId: agent.id, from, to, timeZone: brand.timeZone }),
      ]);
      const dayFigures = new Map(days.map((day) => [day.day, day]));
      const newByDay = new Map(newMembers.map((day) => [day.day, day.count]));
      const series: TeamOverview['series'] = [];
      for (let offset = 0; offset <= daysBetween(from, to); offset += 1) {
        const date = addDays(from, offset);
        const day = dayFigures.get(date);
        series.push({
          date,
          newMembers: newByDay.get(date) ?? 0,
          activeMembers: day?.activeMembers ?? 0,
          depositAmount: format(day?.depositAmount ?? 0n),
          withdrawalAmount: format(day?.withdrawalAmount ?? 0n),
          validBet: format(day?.validBet ?? 0n),
          profitLoss: format(day?.profitLoss ?? 0n),
        });
      }
      return {
        currency: brand.currency,
        startDate: from,
        endDate: to,
        teamSize: counts.teamSize,
        directMembers: counts.directMembers,
        newMembers: newMembers.reduce((sum, day) => sum + day.count, 0),
        activeMembers: figures.activeMembers,
        figures: formatFigures(figures, format),
        series,
      };
    },

    downline: async (
      agent: MemberRow,
      brand: AgentBrand,
      query: Page & { username?: string | undefined; level?: number | undefined },
    ) => {
      assertAgent(agent);
      const [format, page] = await Promise.all([
        formatterFor(brand.currency),
        repository.listDownline(db, {
          agentId: agent.id,
          currency: brand.currency,
          filter: { level: query.level, usernamePart: query.username },
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
      ]);
      return {
        currency: brand.currency,
        total: page.total,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        list: page.rows.map((row) => ({
          account: row.username,
          nickname: row.nickname,
          type: row.type,
          isAgent: isAgentType(row.type),
          level: row.level,
          upline: row.uplineUsername,
          balance: format(row.balance),
          status: row.status,
          registeredAt: row.createdAt.toISOString(),
          lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
        })),
      };
    },

    membersReport: async (
      agent: MemberRow,
      brand: AgentBrand,
      query: Period & Page & { username?: string | undefined; level?: number | undefined },
    ) => {
      assertAgent(agent);
      const { from, to } = await resolvePeriod(brand, query);
      const member =
        query.username === undefined ? undefined : await findDownlineMember(agent, query.username);
      const [format, report] = await Promise.all([
        formatterFor(brand.currency),
        repository.listMembersReport(db, {
          agentId: agent.id,
          from,
          to,
          filter: { level: query.level, memberId: member?.id },
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
      ]);
      return {
        currency: brand.currency,
        startDate: from,
        endDate: to,
        total: report.total,
        totals: formatFigures(report.totals, format),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        list: report.rows.map((row) => ({
          account: row.username,
          level: row.level,
          ...formatFigures(row, format),
        })),
      };
    },

    teamTransactions: async (
      agent: MemberRow,
      brand: AgentBrand,
      query: Period & Page & { username: string },
    ) => {
      assertAgent(agent);
      const { from, to } = await resolvePeriod(brand, query);
      const member = await findDownlineMember(agent, query.username);
      const [format, page] = await Promise.all([
        formatterFor(brand.currency),
        ledger.listMemberCashEntries({
          memberId: member.id,
          currency: brand.currency,
          from,
          to,
          timeZone: brand.timeZone,
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
      ]);
      return {
        currency: brand.currency,
        total: page.total,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        list: page.rows.map((row) => ({
          entryId: row.entryId.toString(),
          account: member.username,
          recordType: row.kind.split('.')[0] ?? row.kind,
          kind: row.kind,
          amount: format(row.amount),
          balanceAfter: format(row.balanceAfter),
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** registerCenter: the brand's username and password rules apply, as on the register page. */
    registerMember: async (agent: MemberRow, context: BrandContext, request: AgentRegisterRequest) => {
      assertAgent(agent);
      const { fields } = context.register;
      for (const [field, value] of [
        ['username', request.username],
        ['password', request.password],
      ] as const) {
        const rule = fields[field];
        const problem = checkRegisterField(field, value, { ...rule, enabled: true, required: true });
        if (problem) {
          throw invalid(
            field,
            formatRuleMessage(validationMessagesEn[problem.key] ?? problem.key, problem.values),
          );
        }
      }
      const username = request.username.trim();
      const type = request.isAgent === true ? MemberType.agent : MemberType.member;
      const member = await members.create(db, {
        brandId: agent.brandId,
        username,
        nickname: request.nickname?.trim() || username,
        type,
        passwordHash: await hashPassword(request.password),
        uplineId: agent.id,
        registerDomain: 'agent-centre',
      });
      if (!member) throw new AppError('USERNAME_TAKEN');
      return { account: member.username, type: member.type, upline: agent.username };
    },

    /** The agent's own code first (created on first use), then the links it made. */
    affiliateLinks: async (agent: MemberRow, brand: AgentBrand): Promise<AffiliateLink[]> => {
      assertAgent(agent);
      let code = agent.affiliateCode;
      for (let attempt = 0; code === null && attempt < 5; attempt += 1) {
        const candidate = newAffiliateCode();
        // The unique index decides; a taken code (or a racing first call) simply tries again / re-reads.
        try {
          await members.update(db, agent.id, { affiliateCode: candidate });
          code = (await members.findById(agent.id))?.affiliateCode ?? null;
        } catch {
          code = null;
        }
      }
      if (code === null) throw new Error('could not create an affiliate code');
      const links = await repository.listAffiliateLinks(db, agent.id);
      return [
        {
          code,
          isAgentLink: false,
          note: null,
          url: linkUrl(brand, code),
          createdAt: agent.createdAt.toISOString(),
        },
        ...links.map((link) => ({
          code: link.code,
          isAgentLink: link.memberType !== 0,
          note: link.note,
          url: linkUrl(brand, link.code),
          createdAt: link.createdAt.toISOString(),
        })),
      ];
    },

    createAffiliateLink: async (
      agent: MemberRow,
      brand: AgentBrand,
      request: { isAgentLink?: boolean | undefined; note?: string | undefined },
    ): Promise<AffiliateLink> => {
      assertAgent(agent);
      if ((await repository.countAffiliateLinks(db, agent.id)) >= maxAffiliateLinks) {
        throw new AppError('AFFILIATE_LINK_LIMIT');
      }
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const code = newAffiliateCode();
        // A member's own code and a link code share one namespace: registration looks at both.
        if (await members.findAgentByAffiliateCode(agent.brandId, code)) continue;
        const isCreated = await repository.insertAffiliateLink(db, {
          brandId: agent.brandId,
          agentId: agent.id,
          code,
          memberType: request.isAgentLink === true ? MemberType.agent : MemberType.member,
          note: request.note?.trim() || null,
        });
        if (isCreated) {
          return {
            code,
            isAgentLink: request.isAgentLink === true,
            note: request.note?.trim() || null,
            url: linkUrl(brand, code),
            createdAt: new Date().toISOString(),
          };
        }
      }
      throw new Error('could not create an affiliate link code');
    },

    /**
     * Operator: a member and its whole subtree to a new upline (an agent of the same brand) or to the top.
     * The tree trigger moves the paths and refuses a cycle; the audit row commits with the move.
     */
    moveMember: async (
      actor: AuditActor,
      brandId: bigint,
      request: { username: string; newUpline: string | null; reason: string },
    ) => {
      const member = await members.findByUsername(brandId, request.username);
      if (!member) throw new AppError('NOT_FOUND', { message: 'No such member.' });
      const upline =
        request.newUpline === null ? null : await members.findByUsername(brandId, request.newUpline);
      if (request.newUpline !== null && !upline)
        throw new AppError('NOT_FOUND', { message: 'No such upline.' });
      if (upline && !isAgentType(upline.type)) throw new AppError('NOT_AN_AGENT');
      if (upline && (await repository.findLevelBelow(db, member.id, upline.id)) !== null) {
        throw new AppError('AGENT_TREE_CYCLE');
      }
      const previous = member.uplineId === null ? undefined : await members.findById(member.uplineId);
      const movedMembers = await db
        .transaction(async (tx) => {
          await members.update(tx, member.id, { uplineId: upline?.id ?? null });
          await recordAuditEvent(tx, {
            actor,
            action: 'agents.member.move',
            entityType: 'member',
            entityId: member.id.toString(),
            before: { upline: previous?.username ?? null },
            after: { upline: upline?.username ?? null, reason: request.reason },
          });
          return repository.countSubtree(tx, member.id);
        })
        .catch((error: unknown) => {
          throw isTreeCycleError(error) ? new AppError('AGENT_TREE_CYCLE') : error;
        });
      return {
        account: member.username,
        previousUpline: previous?.username ?? null,
        newUpline: upline?.username ?? null,
        movedMembers,
      };
    },
  };
};

export type AgentService = ReturnType<typeof createAgentService>;
