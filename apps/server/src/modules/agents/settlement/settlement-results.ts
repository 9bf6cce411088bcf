import type { SettlementRunResult } from '@wps/contracts/agent-contracts';

export const emptySettlementResult = (): SettlementRunResult => ({
  settledPeriods: 0,
  paid: 0,
  unpaid: 0,
  zero: 0,
  retriedPaid: 0,
});

export const addSettlementResults = (
  a: SettlementRunResult,
  b: SettlementRunResult,
): SettlementRunResult => ({
  settledPeriods: a.settledPeriods + b.settledPeriods,
  paid: a.paid + b.paid,
  unpaid: a.unpaid + b.unpaid,
  zero: a.zero + b.zero,
  retriedPaid: a.retriedPaid + b.retriedPaid,
});
