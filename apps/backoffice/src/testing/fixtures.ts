import type { staffDepositSchema, staffWithdrawalSchema } from '@wps/contracts/payments';
import type { z } from 'zod';

type StaffDeposit = z.infer<typeof staffDepositSchema>;
type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;

export const buildDeposit = (overrides: Partial<StaffDeposit> = {}): StaffDeposit => ({
  id: '5',
  channelCode: 'BANK_BDO',
  channelName: 'BDO bank transfer',
  method: 'bank_transfer',
  amount: '150.00',
  currency: 'USD',
  status: 'pending',
  playerReference: 'REF-778',
  proofUploadId: null,
  paymentUrl: null,
  reviewNote: null,
  createdAt: '2025-05-01T10:00:00.000Z',
  settledAt: null,
  member: { id: '100', account: 'demoplayer', realName: 'Demo Player' },
  ...overrides,
});

export const buildWithdrawal = (overrides: Partial<StaffWithdrawal> = {}): StaffWithdrawal => ({
  id: '9',
  amount: '200.00',
  currency: 'USD',
  status: 'pending',
  payoutAccount: {
    method: 'bank',
    providerName: 'BDO',
    accountNumber: '******6789',
    holderName: 'Demo Player',
  },
  createdAt: '2025-05-01T11:00:00.000Z',
  reviewedAt: null,
  reviewNote: null,
  confirmation: {
    state: 'not_applicable',
    receivedAmount: null,
    remainingAmount: null,
    deadline: null,
    proofUploadId: null,
  },
  member: { id: '100', account: 'demoplayer', realName: 'Demo Player' },
  payoutAccountRevealed: false,
  turnoverRemaining: '35.00',
  approvalsRequired: 1,
  firstApproval: null,
  awaitingKycTier: null,
  ...overrides,
});
