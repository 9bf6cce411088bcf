import type { AdminContract, AdminContractPayment, SettlementRun } from '@wps/contracts/agents-admin';
import { ok, type MockReply } from '../../testing/mock-api';

export const buildContract = (overrides: Partial<AdminContract> = {}): AdminContract => ({
  id: '7',
  kind: 'DAILY_SALARY',
  period: 'DAILY',
  status: 'ACTIVE',
  payer: 'UPLINE',
  upline: { id: '1', account: 'top', nickname: 'Top' },
  downline: { id: '2', account: 'sub', nickname: 'Sub' },
  tiers: [{ minFigure: '0.00', minActiveMembers: 0, rateBasisPoints: 100 }],
  rateBasisPoints: 100,
  currency: 'USD',
  offeredAt: '2025-06-01T08:00:00.000Z',
  respondedAt: '2025-06-01T09:00:00.000Z',
  effectiveFrom: '2025-06-01T00:00:00.000Z',
  settledThrough: '2025-06-02T00:00:00.000Z',
  terminatedAt: null,
  terminationReason: null,
  terminationRequestedBy: null,
  terminationRequestedAt: null,
  ...overrides,
});

export const buildPayment = (overrides: Partial<AdminContractPayment> = {}): AdminContractPayment => ({
  id: '31',
  contractId: '7',
  kind: 'DAILY_SALARY',
  period: 'DAILY',
  periodStart: '2025-06-01T00:00:00.000Z',
  periodEnd: '2025-06-02T00:00:00.000Z',
  payer: 'UPLINE',
  upline: { account: 'top', nickname: 'Top' },
  downline: { account: 'sub', nickname: 'Sub' },
  figures: { validBet: '1000.00', profitLoss: '-120.00', activeMembers: 3 },
  rateBasisPoints: 100,
  amount: '10.00',
  currency: 'USD',
  status: 'PAID',
  attempts: 1,
  createdAt: '2025-06-02T01:00:00.000Z',
  paidAt: '2025-06-02T01:00:00.000Z',
  settlementRunId: '5',
  paidRunId: '5',
  ...overrides,
});

export const buildRun = (overrides: Partial<SettlementRun> = {}): SettlementRun => ({
  id: '5',
  startedAt: '2025-06-02T01:00:00.000Z',
  finishedAt: '2025-06-02T01:00:02.000Z',
  trigger: 'STAFF',
  startedBy: 'operator',
  asOf: '2025-06-02T01:00:00.000Z',
  status: 'FINISHED',
  paidCount: 1,
  unpaidCount: 1,
  zeroCount: 0,
  paidAmount: '10.00',
  unpaidAmount: '10.00',
  totalAmount: '20.00',
  ...overrides,
});

export const paymentsPage = (
  list: AdminContractPayment[],
  totals = { amount: '20.00', paid: '10.00', unpaid: '10.00' },
): MockReply => ok({ currency: 'USD', list, totalCount: list.length, totalPages: 1, totals });
