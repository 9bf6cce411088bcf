import type { AgentContract, ContractOverview } from '../api/contracts';
import type { ConsolidatedContractInfo } from '../api/get-contract-info';
import type { SitePermission } from '../../site/api/get-permission';
import { buildSitePermission, whitelabelWith } from '../../../testing/permission-fixture';

/** The permission of a brand with the agent policy on (AGENTPOLICY3). */
export const buildAgentPermission = (): Promise<SitePermission> =>
  buildSitePermission().then((permission) => ({
    ...permission,
    info: { ...permission.info, whitelabel: whitelabelWith(['AGENTPOLICY3']) },
  }));

export const buildContractInfo = (
  overrides: Partial<ConsolidatedContractInfo> = {},
): ConsolidatedContractInfo => ({
  enabled: true,
  divtypereq: 0,
  dailysalreqtype: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  dividendFlag: false,
  dailySalaryFlag: false,
  hourlySalaryFlag: false,
  salaryFlag: false,
  ...overrides,
});

export const buildContract = (overrides: Partial<AgentContract> = {}): AgentContract => ({
  id: '41',
  kind: 'DAILY_SALARY',
  period: 'DAILY',
  status: 'PENDING',
  payer: 'UPLINE',
  upline: { id: '7', account: 'bossagent', nickname: 'Boss' },
  downline: { id: '9', account: 'subagent', nickname: 'Sub' },
  myRole: 'DOWNLINE',
  tiers: [{ minFigure: '1000.00', minActiveMembers: 2, rateBasisPoints: 150 }],
  rateBasisPoints: 150,
  currency: 'USD',
  offeredAt: '2026-11-20T10:00:00.000Z',
  respondedAt: null,
  effectiveFrom: null,
  settledThrough: null,
  terminatedAt: null,
  terminationReason: null,
  terminationRequestedBy: null,
  terminationRequestedAt: null,
  ...overrides,
});

export const buildOverview = (overrides: Partial<ContractOverview> = {}): ContractOverview => ({
  kind: 'DAILY_SALARY',
  enabled: true,
  asDownline: [],
  asUpline: [],
  offerableDownlines: [],
  maxOfferRateBasisPoints: null,
  ...overrides,
});
