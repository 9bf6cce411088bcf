import {
  type ContractActionResult,
  type ContractKind,
  type ContractPeriod,
  headlineRate,
  periodsOfKind,
} from '@wps/contracts/agent-contracts';
import { isAgentType } from '@wps/contracts/auth';
import { MoneyFormatError, toMinorUnits } from '@wps/contracts/money';
import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { MemberRow, MemberService } from '../../members/members.service';
import type { LedgerService } from '../../wallet/ledger.service';
import * as repository from '../contracts.repository';
import { isDatabaseError, uniqueViolation } from '../../../db/database-errors';
import { type AuditActor, type AuditOrigin, recordAuditEvent } from '../../audit/audit.service';
import type { ContractRow } from '../contracts.repository';
import type { StoredTier } from '../contracts.tables';
import type { ContractBrand, ContractContext, OfferRequest } from './contract-types';
import { contractForAudit, endedForAudit } from './contract-audit';
import { toContractView, toContractViews, toStoredKind } from './contract-views';

export type OfferContractDependencies = Pick<ContractContext, 'db' | 'members' | 'ledger' | 'now'>;

/** The unique indexes (one pending offer, one active contract per downline and kind) refused a write. */
const isUniqueViolation = (error: unknown): boolean => isDatabaseError(error, uniqueViolation);

const choosePeriod = (kind: ContractKind, request: OfferRequest): ContractPeriod => {
  const allowed = periodsOfKind[kind];
  const period = request.period ?? (allowed.length === 1 ? allowed[0] : undefined);
  if (!period || !allowed.includes(period)) {
    const message = `The period must be one of ${allowed.join(', ')}`;
    throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'period', message }] });
  }
  return period;
};

const findDirectDownlineAgent = async (
  members: MemberService,
  upline: MemberRow,
  brand: ContractBrand,
  username: string,
): Promise<MemberRow> => {
  const downline = await members.findByUsername(brand.id, username);
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
  return downline;
};

const parseTiers = async (
  ledger: LedgerService,
  tiers: OfferRequest['tiers'],
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

/** No agent pays out more than it receives: an offer above the upline's own active rate of the kind is refused. */
const refuseRateAboveOwn = async (
  db: Database,
  upline: MemberRow,
  storedKind: string,
  rate: number,
): Promise<void> => {
  const own = await repository.findDownlineContract(db, upline.id, storedKind, 'active');
  if (own && rate > own.rateBasisPoints) {
    throw new AppError('CONTRACT_RATE_TOO_HIGH', {
      details: { maxRateBasisPoints: own.rateBasisPoints },
    });
  }
};

/**
 * An agent offers a contract of `kind` to a DIRECT downline agent (a "new contract request"), replacing its own
 * pending offer to that downline. Platform-paid offers (staff) are not limited by the upline's own rate. Audited
 * as `actor`'s action (the upline agent unless a staff member offers for the platform).
 */
export const offerContract = async (
  { db, members, ledger, now }: OfferContractDependencies,
  upline: MemberRow,
  brand: ContractBrand,
  kind: ContractKind,
  request: OfferRequest,
  options: { payer?: 'upline' | 'platform'; offeredBy?: string; actor?: AuditActor } = {},
): Promise<ContractActionResult> => {
  const period = choosePeriod(kind, request);
  const downline = await findDirectDownlineAgent(members, upline, brand, request.downline);
  const tiers = await parseTiers(ledger, request.tiers, brand.currency);
  const rate = headlineRate(tiers);
  const storedKind = toStoredKind(kind);
  const payer = options.payer ?? 'upline';
  if (payer === 'upline') await refuseRateAboveOwn(db, upline, storedKind, rate);
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
      await recordAuditEvent(tx, {
        actor: options.actor ?? { type: 'agent', id: upline.id.toString() },
        action: 'agents.contract.offer',
        entityType: 'agent_contract',
        entityId: created.id.toString(),
        after: { ...contractForAudit(created), ended: endedForAudit(ended) },
      });
      return {
        contract: await toContractView({ db, members, ledger }, created, upline.id, tx),
        ended: await toContractViews({ db, members, ledger }, ended, upline.id, tx),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONTRACT_STATE_CHANGED');
    throw error;
  }
};

/**
 * Staff: a platform-paid offer from `upline` to its direct downline agent (accepted by the downline as usual),
 * audited as the staff member's action.
 */
export const offerContractPaidByPlatform = async (
  deps: OfferContractDependencies,
  uplineUsername: string,
  brand: ContractBrand,
  kind: ContractKind,
  request: OfferRequest,
  staffId: string,
  origin: AuditOrigin = {},
) => {
  const upline = await deps.members.findByUsername(brand.id, uplineUsername);
  if (!upline || !isAgentType(upline.type)) throw new AppError('NOT_AN_AGENT');
  return offerContract(deps, upline, brand, kind, request, {
    payer: 'platform',
    offeredBy: `staff:${staffId}`,
    actor: { type: 'staff', id: staffId, ...origin },
  });
};
