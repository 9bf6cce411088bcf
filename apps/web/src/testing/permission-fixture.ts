import type { RegisterFieldRule } from '@wps/contracts/site';
import {
  registerFields,
  whitelabelFlagGroup,
  whitelabelGroups,
  type WhitelabelFlag,
  type WhitelabelNode,
} from '@wps/contracts/site-rules';
import { encryptTransportText } from '@wps/contracts/transport-cipher';
import type { SitePermission } from '../features/site/api/get-permission';

const anyValueRule: RegisterFieldRule = {
  enabled: true,
  required: false,
  acceptedPattern: '*',
  patternId: null,
  minLength: 0,
  maxLength: 64,
};

export const testMerchantCode = 'TESTBRAND';
export const testSupportUrl = 'https://support.example.com/chat';

/** A permission answer as the server sends it: customer-service paths still encrypted. */
export const buildServerPermission = async (
  overrides: Partial<SitePermission> = {},
): Promise<SitePermission> => ({
  merchantCode: testMerchantCode,
  siteName: 'Lucky Test Casino',
  status: 0,
  info: {
    customerService: [
      {
        title: 'Live chat',
        csType: 'LIVECHAT',
        path: await encryptTransportText(testMerchantCode, testSupportUrl),
      },
    ],
    domainRoute: [],
    resources: [],
    whitelabel: [],
    register: {
      fields: Object.fromEntries(registerFields.map((field) => [field, anyValueRule])) as Record<
        (typeof registerFields)[number],
        RegisterFieldRule
      >,
      minimumAge: 18,
    },
    mainDomain: 'example.com',
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    currency: 'PKR',
    currencySymbol: 'Rs',
    palette: null,
    fonts: { body: 'system', headings: 'system' },
    logoUrl: null,
    languages: { supported: ['EN', 'UR'], default: 'EN' },
  },
  location: { ip: '203.0.113.7', countryCode: 'PK', dialingCode: '92' },
  maintenance: { enabled: false, endTime: null },
  regionRestriction: { restricted: false },
  ...overrides,
});

/** The same permission after the site decrypted it, for tests that seed the query cache directly. */
export const buildSitePermission = async (
  overrides: Partial<SitePermission> = {},
): Promise<SitePermission> => {
  const permission = await buildServerPermission(overrides);
  const customerService = permission.info.customerService.map((entry) => ({
    ...entry,
    path: testSupportUrl,
  }));
  return { ...permission, info: { ...permission.info, customerService } };
};

export const envelopeOf = (value: unknown) => ({ success: true, value, message: 'OK' });

/** A whitelabel tree with every group on and exactly the given flags enabled. */
export const whitelabelWith = (flags: readonly WhitelabelFlag[]): WhitelabelNode[] =>
  whitelabelGroups.map((group) => ({
    modId: group,
    enabled: '1',
    children: Object.entries(whitelabelFlagGroup)
      .filter(([, flagGroup]) => flagGroup === group)
      .map(([flag]) => ({
        modId: flag,
        enabled: flags.some((enabled) => enabled === flag) ? '1' : '0',
        children: [],
      })),
  }));

/** A brand rule for a register field (the fixture's default accepts anything up to 64 characters). */
export const fieldRule = (overrides: Partial<RegisterFieldRule> = {}): RegisterFieldRule => ({
  ...anyValueRule,
  ...overrides,
});
