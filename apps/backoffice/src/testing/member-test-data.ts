import type { MemberFunds, MemberProfile, MemberSearchResult } from '@wps/contracts/members';
import { ok } from './mock-api';

/** Test data of the members screens: a member as the search finds it, their profile and their money. */
export const demoPlayerFound: MemberSearchResult = {
  id: '100',
  account: 'demoplayer',
  nickname: 'demoplayer',
  realName: 'Demo Player',
  phone: '+92 3001234567',
  email: 'demo@example.com',
  type: 0,
  status: 'active',
  upline: 'demoagent',
  createdAt: '2025-05-01T09:00:00.000Z',
  lastLoginAt: '2025-05-02T09:00:00.000Z',
  lastLoginIp: '203.0.113.10',
};

export const buildProfile = (overrides: Partial<MemberProfile> = {}): MemberProfile => ({
  member: {
    ...demoPlayerFound,
    uplineId: '90',
    isAgent: false,
    registerIp: '203.0.113.9',
    registerDomain: 'demo.example',
    firstLoginAt: '2025-05-01T09:05:00.000Z',
    language: 'EN',
    mustChangePassword: false,
    hasPaymentPassword: true,
    passwordChangedAt: '2025-05-01T09:00:00.000Z',
  },
  identity: { realName: 'Demo Player', idNumber: null, birthday: '1990-04-01' },
  tags: ['vip-watch'],
  timeline: [],
  ...overrides,
});

export const buildFunds = (mainWallet: string): MemberFunds => ({
  currency: 'USD',
  mainWallet,
  pendingWithdrawal: '0.00',
  gameWallets: [],
  total: mainWallet,
  bonusBalance: '5.00',
  withdrawal: {
    minAmount: '10.00',
    maxAmount: '50000.00',
    dailyMaxAmount: '100000.00',
    dailyMaxCount: 5,
    usedTodayAmount: '0.00',
    usedTodayCount: 0,
    turnoverRemaining: '12.50',
    activeBonus: null,
  },
});

/** The routes every open profile of member 100 calls, answering as given. */
export const profileRoutes = (profile: () => MemberProfile, mainWallet: () => string = () => '1000.00') => ({
  'GET /wps/backoffice/members/100/profile': () => ok(profile()),
  'GET /wps/backoffice/members/100/funds': () => ok(buildFunds(mainWallet())),
});
