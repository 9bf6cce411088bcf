import type {
  ContractKind,
  ContractPayer,
  ContractPaymentStatus,
  ContractPeriod,
  ContractStatus,
} from '@wps/contracts/agent-contracts';

export const kindLabels: Record<ContractKind, string> = {
  DIVIDEND: 'Dividend',
  DAILY_SALARY: 'Daily salary',
  HOURLY_SALARY: 'Hourly salary',
  REALTIME_SALARY: 'Real-time salary',
};

export const periodLabels: Record<ContractPeriod, string> = {
  HOURLY: 'Hourly',
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  SEMIMONTHLY: 'Twice a month',
  MONTHLY: 'Monthly',
  REALTIME: 'Every slot',
};

export const contractStatusLabels: Record<ContractStatus, string> = {
  PENDING: 'Offered',
  ACTIVE: 'Active',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  TERMINATED: 'Terminated',
};

export const paymentStatusLabels: Record<ContractPaymentStatus, string> = {
  PAID: 'Paid',
  UNPAID: 'Unpaid',
  ZERO: 'Nothing due',
};

export const payerLabels: Record<ContractPayer, string> = { UPLINE: 'Upline', PLATFORM: 'Platform' };

/** Basis points as a percentage: 150 → "1.50 %". */
export const formatRate = (basisPoints: number): string => `${(basisPoints / 100).toFixed(2)} %`;
