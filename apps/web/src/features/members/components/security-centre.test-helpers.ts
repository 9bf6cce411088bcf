import type { Account } from '../api/get-account';
import type { AccountSession } from '@wps/contracts/member-account';
import type { SignInPage } from '../api/get-sign-ins';
import { buildMemberInfo, ok, type MockReply, type MockRequest } from '../../../testing/mock-api';

/** The security centre's answers for tests: a member with a password and nothing else set up. */
export const buildAccount = (
  profile: Partial<Account['profile']> = {},
  checks: Partial<Account['security']['checks']> = {},
): Account => {
  const allChecks = {
    password: true,
    paymentPassword: false,
    mobile: false,
    email: false,
    realName: false,
    ...checks,
  };
  const passed = Object.values(allChecks).filter(Boolean).length;
  return {
    profile: {
      account: 'player01',
      nickname: 'Lucky player',
      payeeName: null,
      birthday: null,
      line: null,
      whatsapp: null,
      facebook: null,
      wechat: null,
      telegram: null,
      zalo: null,
      address: null,
      mobileNum: null,
      email: null,
      avatarUrl: null,
      ...profile,
    },
    security: {
      level: passed >= 5 ? 'high' : passed >= 3 ? 'medium' : 'low',
      checks: allChecks,
    },
  };
};

export const buildSession = (overrides: Partial<AccountSession> = {}): AccountSession => ({
  id: 's-1',
  ip: '203.0.113.7',
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  createdAt: '2025-05-01T08:00:00.000Z',
  lastSeenAt: '2025-05-01T09:30:00.000Z',
  isCurrent: true,
  ...overrides,
});

export const emptySignIns: SignInPage = { list: [], totalCount: 0, totalPages: 0 };

type Route = MockReply | ((request: MockRequest) => MockReply);

/** What the member centre's security section asks for, each replaceable. */
export const securityCentreRoutes = (
  account: () => Account,
  extra: Record<string, Route> = {},
): Record<string, Route> => ({
  'GET /wps/member/info': ok(buildMemberInfo()),
  'GET /wps/member/info/icon': ok({ avatarUrl: null }),
  'GET /wps/member/account': () => ok(account()),
  'GET /wps/member/account/sessions': ok({ list: [buildSession()] }),
  'GET /wps/member/account/sign-ins': ok(emptySignIns),
  ...extra,
});

export const securityCentrePath = '/member?page=securityCenter';
