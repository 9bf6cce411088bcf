import {
  type AgentContract,
  type ConsolidatedContractInfo,
  type ContractActionResult,
  type ContractKind,
  type ContractListQuery,
  type ContractOverview,
  type ContractPayment,
  type ContractPaymentQuery,
  type ContractPopup,
  contractKinds,
  contractPayers,
  contractPaymentStatuses,
  contractPeriods,
  contractSides,
  contractStatuses,
  contractTerminationReasons,
  headlineRate,
  periodsOfKind,
  type ProcessContractRequest,
  type ContractSide,
} from '@wps/contracts/agent-contracts';
import { agentTypes, isAgentType } from '@wps/contracts/auth';
import { formatMinorUnits, MoneyFormatError, toMinorUnits } from '@wps/contracts/money';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { MemberRow, MemberService } from '../members/members.service';
import type { LedgerService } from '../wallet/ledger.service';
import { periodContaining } from './contract-periods';
import * as repository from './contracts.repository';
import type { ContractRow, PaymentRow, PartyRow } from './contracts.repository';
import type { StoredTier } from './contracts.tables';

/** The brand a contract lives in: its currency and the clock its periods are cut on. */
export type ContractBrand = { id: bigint; currency: string; timeZone: string };

const toStoredKind = (kind: ContractKind) => kind.toLowerCase();
/** A stored (lower-case) value as the contract's upper-case enum member; anything else is a broken row. */
const toWire = <T extends string>(list: readonly T[], value: string): T => {
  const upper = value.toUpperCase();
  const found = list.find((candidate) => candidate === upper);
  if (found === undefined) throw new Error(`Unexpected stored value ${value}`);
  return found;
};
const toWireOrNull = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value === null ? null : toWire(list, value);
const toWireKind = (kind: string) => toWire(contractKinds, kind);
const toWirePeriod = (period: string) => toWire(contractPeriods, period);
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const sideOf = (contract: ContractRow, memberId: bigint): ContractSide | undefined =>
  contract.uplineId === memberId ? 'UPLINE' : contract.downlineId === memberId ? 'DOWNLINE' : undefined;

/** The unique indexes (one pending offer, one active contract per downline and kind) refused a write. */
const isUniqueViolation = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    if ((current as Error & { code?: unknown }).code === '23505') return true;
    current = current.cause;
  }
  return false;
};

/**
 * The contract lifecycle (spec section 4 "Contracts"). An agent offers a contract to a DIRECT downline agent
 * (a "new contract request"); the downline accepts or rejects it; the upline may withdraw it while pending.
 * Either side of an active contract may ask to terminate it and the other side confirms (or refuses). Every
 * change is a conditional update on the status the caller saw, under the contract row's lock, so two racing
 * actions end in exactly one.
 *
 * Accepting a contract: (1) the downline's previous active contract of that kind with the same upline is
 * terminated (REPLACED); (2) the spec's rule "a higher-rate downline contract is automatically terminated if the
 * new contract is accepted": every active contract of the same kind that the accepting agent itself gives to
 * its own downlines at a higher rate than the new one is terminated (HIGHER_RATE), and its pending offers above
 * that rate are cancelled, so no agent keeps paying out more than it now receives. Rates are compared by their
 * highest tier. Offers above the offering agent's own active contract rate of that kind are refused for the same
 * reason (CONTRACT_RATE_TOO_HIGH); an agent without one (a top agent) is not limited.
 */
export const createContractService = ({
  db,
  members,
  ledger,
  now = () => new Date(),
  realtimeSlotMs,
}: {
  db: Database;
  members: MemberService;
  ledger: LedgerService;
  now?: () => Date;
  realtimeSlotMs: number;
}) => {
  const toView = async (rows: ContractRow[], memberId: bigint, executor: Executor = db) => {
    const parties = new Map<bigint, PartyRow>(
      (
        await repository.findParties(
          executor,
          rows.flatMap((row) => [row.uplineId, row.downlineId]),
        )
      ).map((party) => [party.id, party]),
    );
    const partyOf = (id: bigint) => {
      const party = parties.get(id);
      return { id: id.toString(), account: party?.username ?? '', nickname: party?.nickname ?? '' };
    };
    return Promise.all(
      rows.map(async (row): Promise<AgentContract> => {
        const exponent = await ledger.getCurrencyExponent(row.currency);
        return {
          id: row.id.toString(),
          kind: toWireKind(row.kind),
          period: toWirePeriod(row.period),
          status: toWire(contractStatuses, row.status),
          payer: toWire(contractPayers, row.payer),
          upline: partyOf(row.uplineId),
          downline: partyOf(row.downlineId),
          myRole: row.uplineId === memberId ? 'UPLINE' : 'DOWNLINE',
          tiers: row.tiers.map((tier) => ({
            minFigure: formatMinorUnits(BigInt(tier.minFigure), exponent),
            minActiveMembers: tier.minActiveMembers,
            rateBasisPoints: tier.rateBasisPoints,
          })),
          rateBasisPoints: row.rateBasisPoints,
          currency: row.currency,
          offeredAt: row.offeredAt.toISOString(),
          respondedAt: iso(row.respondedAt),
          effectiveFrom: iso(row.effectiveFrom),
          settledThrough: iso(row.settledThrough),
          terminatedAt: iso(row.terminatedAt),
          terminationReason: toWireOrNull(contractTerminationReasons, row.terminationReason),
          terminationRequestedBy: toWireOrNull(contractSides, row.terminationRequestedBy),
          terminationRequestedAt: iso(row.terminationRequestedAt),
        };
      }),
    );
  };

  const toOneView = async (row: ContractRow, memberId: bigint, executor: Executor = db) => {
    const [view] = await toView([row], memberId, executor);
    if (!view) throw new Error('contract view missing');
    return view;
  };

  const assertAgent = (member: MemberRow, policyEnabled: boolean) => {
    if (!policyEnabled) throw new AppError('FEATURE_DISABLED');
    if (!isAgentType(member.type)) throw new AppError('NOT_AN_AGENT');
  };

  const parseTiers = async (
    tiers: Extract<ProcessContractRequest, { action: 'OFFER' }>['tiers'],
    currency: string,
  ): Promise<StoredTier[]> => {
    const exponent = await ledger.getCurrencyExponent(currency);
    return tiers.map((tier, index) => {
      try {
        return {
          minFigure: toMinorUnits(tier.minFigure, exponent, { allowZero: true }).toString(),
          minActiveMembers: tier.minActiveMembers ?? 0,
          rateBasisPoints: tier.rateBasisPoints,
        };
      } catch (error) {
        if (!(error instanceof MoneyFormatError)) throw error;
        const field = `tiers.${index}.minFigure`;
        throw new AppError('VALIDATION_FAILED', {
          message: error.message,
          issues: [{ field, message: error.message }],
        });
      }
    });
  };

  const offer = async (
    upline: MemberRow,
    brand: ContractBrand,
    kind: ContractKind,
    request: Extract<ProcessContractRequest, { action: 'OFFER' }>,
    options: { payer?: 'upline' | 'platform'; offeredBy?: string } = {},
  ): Promise<ContractActionResult> => {
    const allowed = periodsOfKind[kind];
    const period = request.period ?? (allowed.length === 1 ? allowed[0] : undefined);
    if (!period || !allowed.includes(period)) {
      const message = `The period must be one of ${allowed.join(', ')}`;
      throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'period', message }] });
    }
    const downline = await members.findByUsername(brand.id, request.downline);
    // Not found, not an agent, oneself, or not a DIRECT downline: the same answer, so names cannot be probed.
    if (
      !downline ||
      downline.id === upline.id ||
      downline.uplineId !== upline.id ||
      !isAgentType(downline.type) ||
      downline.brandId !== upline.brandId
    ) {
      throw new AppError('NOT_IN_YOUR_LINE');
    }
    const tiers = await parseTiers(request.tiers, brand.currency);
    const rate = headlineRate(tiers);
    const storedKind = toStoredKind(kind);
    const payer = options.payer ?? 'upline';
    if (payer === 'upline') {
      const own = await repository.findDownlineContract(db, upline.id, storedKind, 'active');
      if (own && rate > own.rateBasisPoints) {
        throw new AppError('CONTRACT_RATE_TOO_HIGH', {
          details: { maxRateBasisPoints: own.rateBasisPoints },
        });
      }
    }
    const at = now();
    try {
      return await db.transaction(async (tx) => {
        // A new offer replaces the upline's own pending one to this downline ("new contract request").
        const previous = await repository.findDownlineContract(tx, downline.id, storedKind, 'pending');
        const ended: ContractRow[] = [];
        if (previous) {
          const cancelled = await repository.updateContractIf(
            tx,
            previous.id,
            { status: 'pending' },
            {
              status: 'cancelled',
              respondedAt: at,
            },
          );
          if (!cancelled) throw new AppError('CONTRACT_STATE_CHANGED');
          ended.push(cancelled);
        }
        const created = await repository.insertContract(tx, {
          brandId: brand.id,
          kind: storedKind,
          period: period.toLowerCase(),
          uplineId: upline.id,
          downlineId: downline.id,
          payer,
          currency: brand.currency,
          tiers,
          rateBasisPoints: rate,
          status: 'pending',
          offeredAt: at,
          offeredBy: options.offeredBy ?? `member:${upline.id}`,
        });
        if (!created) throw new AppError('CONTRACT_STATE_CHANGED');
        return {
          contract: await toOneView(created, upline.id, tx),
          ended: await toView(ended, upline.id, tx),
        };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONTRACT_STATE_CHANGED');
      throw error;
    }
  };

  /** Ends an active contract by agreement (the other side had asked). */
  const terminateByAgreement = (tx: Executor, contract: ContractRow, requestedBy: string, at: Date) =>
    repository.updateContractIf(
      tx,
      contract.id,
      { status: 'active', extra: sqlRequestedBy(requestedBy) },
      { status: 'terminated', terminationReason: 'by_agreement', terminatedAt: at },
    );

  const act = async (
    member: MemberRow,
    brand: ContractBrand,
    kind: ContractKind,
    action: Exclude<ProcessContractRequest['action'], 'OFFER'>,
    contractId: bigint,
  ): Promise<ContractActionResult> => {
    const at = now();
    const { contract, ended } = await db.transaction(async (tx) => {
      const current = await repository.findContract(tx, contractId, { lock: true });
      const side = current ? sideOf(current, member.id) : undefined;
      if (!current || !side || current.brandId !== brand.id || current.kind !== toStoredKind(kind)) {
        throw new AppError('CONTRACT_NOT_FOUND');
      }
      const otherSide = side === 'UPLINE' ? 'downline' : 'upline';
      const mySide = side === 'UPLINE' ? 'upline' : 'downline';
      const refuse = (): never => {
        throw new AppError('CONTRACT_STATE_CHANGED');
      };
      const endedRows: ContractRow[] = [];

      if (current.status === 'pending') {
        if (action === 'CANCEL' && side === 'UPLINE') {
          const row = await repository.updateContractIf(
            tx,
            current.id,
            { status: 'pending' },
            {
              status: 'cancelled',
              respondedAt: at,
            },
          );
          return { contract: row ?? refuse(), ended: endedRows };
        }
        if (action === 'REJECT' && side === 'DOWNLINE') {
          const row = await repository.updateContractIf(
            tx,
            current.id,
            { status: 'pending' },
            {
              status: 'rejected',
              respondedAt: at,
            },
          );
          return { contract: row ?? refuse(), ended: endedRows };
        }
        if (action === 'ACCEPT' && side === 'DOWNLINE') {
          const previous = await repository.findDownlineContract(
            tx,
            current.downlineId,
            current.kind,
            'active',
          );
          if (previous) {
            const replaced = await repository.updateContractIf(
              tx,
              previous.id,
              { status: 'active' },
              {
                status: 'terminated',
                terminationReason: 'replaced',
                terminatedAt: at,
              },
            );
            endedRows.push(replaced ?? refuse());
          }
          const effectiveFrom = periodContaining(
            toWirePeriod(current.period),
            at,
            brand.timeZone,
            realtimeSlotMs,
          ).start;
          const accepted = await repository.updateContractIf(
            tx,
            current.id,
            { status: 'pending' },
            {
              status: 'active',
              respondedAt: at,
              effectiveFrom,
              settledThrough: effectiveFrom,
            },
          );
          if (!accepted) refuse();
          endedRows.push(
            ...(await repository.endHigherRateDownlineContracts(
              tx,
              member.id,
              current.kind,
              current.rateBasisPoints,
              at,
            )),
          );
          return { contract: accepted ?? refuse(), ended: endedRows };
        }
        return refuse();
      }

      if (current.status === 'active') {
        const requestedBy = current.terminationRequestedBy;
        if (action === 'TERMINATE' && requestedBy === null) {
          const row = await repository.updateContractIf(
            tx,
            current.id,
            { status: 'active', extra: sqlRequestedBy(null) },
            { terminationRequestedBy: mySide, terminationRequestedAt: at },
          );
          return { contract: row ?? refuse(), ended: endedRows };
        }
        if (action === 'TERMINATE' && requestedBy === mySide) return { contract: current, ended: endedRows };
        if ((action === 'TERMINATE' || action === 'ACCEPT') && requestedBy === otherSide) {
          const row = await terminateByAgreement(tx, current, otherSide, at);
          return { contract: row ?? refuse(), ended: endedRows };
        }
        if (action === 'REJECT' && requestedBy === otherSide) {
          const row = await repository.updateContractIf(
            tx,
            current.id,
            { status: 'active', extra: sqlRequestedBy(otherSide) },
            { terminationRequestedBy: null, terminationRequestedAt: null },
          );
          return { contract: row ?? refuse(), ended: endedRows };
        }
      }
      return refuse();
    });
    return { contract: await toOneView(contract, member.id), ended: await toView(ended, member.id) };
  };

  const listOfKind = async (member: MemberRow, kind: ContractKind, role: 'upline' | 'downline') =>
    (
      await repository.listContracts(db, {
        memberId: member.id,
        role,
        kind: toStoredKind(kind),
        statuses: ['pending', 'active'],
        limit: 500,
        offset: 0,
      })
    ).rows;

  return {
    toView,

    overview: async (
      member: MemberRow,
      brand: ContractBrand,
      kind: ContractKind,
      policyEnabled: boolean,
    ): Promise<ContractOverview> => {
      const enabled = policyEnabled && isAgentType(member.type);
      if (!enabled) {
        return {
          kind,
          enabled,
          asDownline: [],
          asUpline: [],
          offerableDownlines: [],
          maxOfferRateBasisPoints: null,
        };
      }
      const [asDownline, asUpline, downlines, own] = await Promise.all([
        listOfKind(member, kind, 'downline'),
        listOfKind(member, kind, 'upline'),
        repository.listDirectDownlineAgents(db, brand.id, member.id, agentTypes),
        repository.findDownlineContract(db, member.id, toStoredKind(kind), 'active'),
      ]);
      return {
        kind,
        enabled,
        asDownline: await toView(asDownline, member.id),
        asUpline: await toView(asUpline, member.id),
        offerableDownlines: downlines.map((party) => ({
          id: party.id.toString(),
          account: party.username,
          nickname: party.nickname,
        })),
        maxOfferRateBasisPoints: own?.rateBasisPoints ?? null,
      };
    },

    /** One of the four process endpoints: the kind comes from the endpoint, the action from the body. */
    process: async (
      member: MemberRow,
      brand: ContractBrand,
      kind: ContractKind,
      request: ProcessContractRequest,
      policyEnabled: boolean,
    ): Promise<ContractActionResult> => {
      assertAgent(member, policyEnabled);
      if (request.action === 'OFFER') return offer(member, brand, kind, request);
      return act(member, brand, kind, request.action, BigInt(request.contractId));
    },

    /** Staff: a platform-paid offer from `upline` to its direct downline agent (accepted by the downline as usual). */
    offerPaidByPlatform: async (
      uplineUsername: string,
      brand: ContractBrand,
      kind: ContractKind,
      request: Extract<ProcessContractRequest, { action: 'OFFER' }>,
      staffId: string,
    ) => {
      const upline = await members.findByUsername(brand.id, uplineUsername);
      if (!upline || !isAgentType(upline.type)) throw new AppError('NOT_AN_AGENT');
      return offer(upline, brand, kind, request, { payer: 'platform', offeredBy: `staff:${staffId}` });
    },

    list: async (member: MemberRow, query: ContractListQuery) => {
      const { pageNo, pageSize } = query;
      const { rows, total } = await repository.listContracts(db, {
        memberId: member.id,
        ...(query.role ? { role: query.role === 'UPLINE' ? 'upline' : 'downline' } : {}),
        ...(query.kind ? { kind: toStoredKind(query.kind) } : {}),
        ...(query.status ? { statuses: [query.status.toLowerCase()] } : {}),
        limit: pageSize,
        offset: (pageNo - 1) * pageSize,
      });
      return {
        list: await toView(rows, member.id),
        totalCount: total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    /** What waits for the member: offers from its upline, termination requests from the other side. */
    popup: async (member: MemberRow): Promise<ContractPopup> => {
      if (!isAgentType(member.type)) return { items: [] };
      const { rows } = await repository.listContracts(db, {
        memberId: member.id,
        statuses: ['pending', 'active'],
        limit: 200,
        offset: 0,
      });
      const waiting = rows.flatMap((row): { request: 'NEW' | 'TERMINATION'; row: ContractRow }[] => {
        if (row.status === 'pending' && row.downlineId === member.id) return [{ request: 'NEW', row }];
        const side = row.uplineId === member.id ? 'upline' : 'downline';
        if (
          row.status === 'active' &&
          row.terminationRequestedBy !== null &&
          row.terminationRequestedBy !== side
        ) {
          return [{ request: 'TERMINATION', row }];
        }
        return [];
      });
      const views = await toView(
        waiting.map((item) => item.row),
        member.id,
      );
      return {
        items: waiting.map((item, index) => ({ request: item.request, contract: views[index] ?? fail() })),
      };
    },

    consolidated: async (member: MemberRow, brand: ContractBrand, policyEnabled: boolean) => {
      const disabled: ConsolidatedContractInfo = {
        enabled: false,
        divtypereq: 0,
        dailysalreqtype: 0,
        contracthoursalreq: 0,
        realtimesalreqtype: 0,
        dividendFlag: false,
        dailySalaryFlag: false,
        hourlySalaryFlag: false,
        salaryFlag: false,
      };
      if (!policyEnabled || !isAgentType(member.type)) return disabled;
      const [kinds, downlines, { rows }] = await Promise.all([
        repository.listKindsWithContracts(db, member.id),
        repository.listDirectDownlineAgents(db, brand.id, member.id, agentTypes),
        repository.listContracts(db, {
          memberId: member.id,
          statuses: ['pending', 'active'],
          limit: 200,
          offset: 0,
        }),
      ]);
      const requestOf = (kind: ContractKind): number => {
        const stored = toStoredKind(kind);
        if (
          rows.some((row) => row.kind === stored && row.status === 'pending' && row.downlineId === member.id)
        ) {
          return 1;
        }
        const waiting = rows.some((row) => {
          const side = row.uplineId === member.id ? 'upline' : 'downline';
          return (
            row.kind === stored &&
            row.status === 'active' &&
            row.terminationRequestedBy !== null &&
            row.terminationRequestedBy !== side
          );
        });
        return waiting ? 2 : 0;
      };
      const canOffer = downlines.length > 0;
      const flag = (kind: ContractKind) => canOffer || kinds.includes(toStoredKind(kind));
      return {
        enabled: true,
        divtypereq: requestOf('DIVIDEND'),
        dailysalreqtype: requestOf('DAILY_SALARY'),
        contracthoursalreq: requestOf('HOURLY_SALARY'),
        realtimesalreqtype: requestOf('REALTIME_SALARY'),
        dividendFlag: flag('DIVIDEND'),
        dailySalaryFlag: flag('DAILY_SALARY'),
        hourlySalaryFlag: flag('HOURLY_SALARY'),
        salaryFlag: flag('REALTIME_SALARY'),
      };
    },

    payments: async (member: MemberRow, query: ContractPaymentQuery, currency: string) => {
      const { pageNo, pageSize } = query;
      const { rows, total, paidTotal } = await repository.listPayments(db, {
        memberId: member.id,
        ...(query.role ? { role: query.role === 'UPLINE' ? 'upline' : 'downline' } : {}),
        ...(query.kind ? { kind: toStoredKind(query.kind) } : {}),
        ...(query.contractId ? { contractId: BigInt(query.contractId) } : {}),
        ...(query.status ? { status: query.status.toLowerCase() } : {}),
        ...(query.from ? { from: new Date(query.from) } : {}),
        ...(query.to ? { to: new Date(query.to) } : {}),
        limit: pageSize,
        offset: (pageNo - 1) * pageSize,
      });
      const parties = new Map(
        (
          await repository.findParties(
            db,
            rows.flatMap((row) => [row.uplineId, row.downlineId]),
          )
        ).map((party) => [party.id, party]),
      );
      const partyOf = (id: bigint) => ({
        account: parties.get(id)?.username ?? '',
        nickname: parties.get(id)?.nickname ?? '',
      });
      const exponent = await ledger.getCurrencyExponent(currency);
      const list = await Promise.all(
        rows.map(async (row: PaymentRow): Promise<ContractPayment> => {
          const rowExponent =
            row.currency === currency ? exponent : await ledger.getCurrencyExponent(row.currency);
          return {
            id: row.id.toString(),
            contractId: row.contractId.toString(),
            kind: toWireKind(row.kind),
            period: toWirePeriod(row.period),
            periodStart: row.periodStart.toISOString(),
            periodEnd: row.periodEnd.toISOString(),
            payer: toWire(contractPayers, row.payer),
            upline: partyOf(row.uplineId),
            downline: partyOf(row.downlineId),
            myRole: row.uplineId === member.id ? 'UPLINE' : 'DOWNLINE',
            figures: {
              validBet: formatMinorUnits(row.validBet, rowExponent),
              profitLoss: formatMinorUnits(row.profitLoss, rowExponent),
              activeMembers: row.activeMembers,
            },
            rateBasisPoints: row.rateBasisPoints,
            amount: formatMinorUnits(row.amount, rowExponent),
            currency: row.currency,
            status: toWire(contractPaymentStatuses, row.status),
            attempts: row.attempts,
            createdAt: row.createdAt.toISOString(),
            paidAt: iso(row.paidAt),
          };
        }),
      );
      return {
        list,
        totalCount: total,
        totalPages: Math.ceil(total / pageSize),
        paidTotal: formatMinorUnits(paidTotal, exponent),
      };
    },

    kinds: contractKinds,
  };
};

const fail = (): never => {
  throw new Error('contract view missing');
};

const sqlRequestedBy = (side: string | null) => repository.terminationRequestedIs(side);

export type ContractService = ReturnType<typeof createContractService>;
