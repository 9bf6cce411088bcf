/**
 * The site configuration's constants and rules, free of zod so the site's first load need not carry it;
 * site.ts holds the schemas and re-exports all of these.
 */

/** 0 normal, 1 maintenance, 2 region restricted (spec section 4, System status). */
export const SystemStatusValue = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

/** Whitelabel feature flags named by the spec, plus the ones this platform adds (VIP and social sign-in). */
export const whitelabelFlags = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'AGENTPOLICY3',
  'MANPLAYREB3',
  'CHNGPASSVERIF3',
  'CHNGPASSMAIL3',
  'VIP3',
  'GOOGLELOGIN3',
  'FACEBOOKLOGIN3',
] as const;
export type WhitelabelFlag = (typeof whitelabelFlags)[number];

/** Groups that hold the flags in the whitelabel tree. */
export const whitelabelGroups = ['REGISTRATION', 'LOGIN', 'PASSWORD', 'MEMBER', 'AGENT'] as const;
export type WhitelabelGroup = (typeof whitelabelGroups)[number];

export const whitelabelFlagGroup: Record<WhitelabelFlag, WhitelabelGroup> = {
  MOBILENUMREG3: 'REGISTRATION',
  REGMOBVERF3: 'REGISTRATION',
  MOBILENUMPASSREG3: 'REGISTRATION',
  FREEPLAY3: 'LOGIN',
  MOBILEVERCODELOGIN3: 'LOGIN',
  GOOGLELOGIN3: 'LOGIN',
  FACEBOOKLOGIN3: 'LOGIN',
  PWDEXPFORCECHANGE3: 'PASSWORD',
  CHNGPASSVERIF3: 'PASSWORD',
  CHNGPASSMAIL3: 'PASSWORD',
  MANPLAYREB3: 'MEMBER',
  VIP3: 'MEMBER',
  AGENTPOLICY3: 'AGENT',
};

export type WhitelabelNode = {
  modId: string;
  enabled: '0' | '1';
  children: WhitelabelNode[];
};

/** True when the flag is present and enabled ('1') anywhere in the tree, and every ancestor is enabled. */
export const isWhitelabelEnabled = (tree: readonly WhitelabelNode[], flag: WhitelabelFlag): boolean =>
  tree.some(
    (node) => node.enabled === '1' && (node.modId === flag || isWhitelabelEnabled(node.children, flag)),
  );

/** Registration fields whose rules the server configures per brand (spec section 3 and 5). */
export const registerFields = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'mobileNum',
  'email',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'qqNum',
  'idNumber',
  'affiliateCode',
  'captcha',
] as const;
export type RegisterField = (typeof registerFields)[number];

export const resourceTypes = ['FACEBOOK', 'WHATSAPP', 'TELEGRAM', 'TELEGRAM1', 'TELEGRAM2'] as const;

/**
 * The site's languages: the spec's five (EN, UR, PT, TH and TY for Filipino) and Vietnamese, Indonesian,
 * Simplified Chinese, Hindi and Bengali (issue 28). A brand offers those of them it chooses.
 */
export const languageCodes = ['EN', 'UR', 'PT', 'TH', 'TY', 'VI', 'ID', 'ZH', 'HI', 'BN'] as const;
export type LanguageCode = (typeof languageCodes)[number];

export const isLanguageCode = (value: string): value is LanguageCode =>
  (languageCodes as readonly string[]).includes(value);

/** Header the site sends so the server answers for its brand (spec: merchant code kept in storage). */
export const merchantHeader = 'x-merchant-code';
