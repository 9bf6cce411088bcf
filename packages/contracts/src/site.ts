import { z } from 'zod';
import { successEnvelope } from './envelope';

/** 0 normal, 1 maintenance, 2 region restricted (spec section 4, System status). */
export const systemStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatus = z.infer<typeof systemStatusSchema>;
export const SystemStatusValue = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

export const systemStatusResponseSchema = successEnvelope(systemStatusSchema);

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
export const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.object({
  modId: z.string(),
  enabled: z.enum(['0', '1']),
  get children() {
    return z.array(whitelabelNodeSchema);
  },
});
export const whitelabelTreeSchema = z.array(whitelabelNodeSchema);
export const whitelabelResponseSchema = successEnvelope(whitelabelTreeSchema);

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

export const registerFieldRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  /** A regular expression source, or '*' for any value. */
  acceptedPattern: z.string(),
  /** Selects the message `reg_pattern_{patternId}`; null when the pattern is '*'. */
  patternId: z.number().int().nullable(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type RegisterFieldRule = z.infer<typeof registerFieldRuleSchema>;

export const registerSettingSchema = z.object({
  fields: z.record(z.enum(registerFields), registerFieldRuleSchema),
  /** Age the visitor confirms at registration (spec: 18 by default). */
  minimumAge: z.number().int().min(0),
});
export type RegisterSetting = z.infer<typeof registerSettingSchema>;
export const registerSettingResponseSchema = successEnvelope(registerSettingSchema);

export const customerServiceEntrySchema = z.object({
  title: z.string(),
  csType: z.string(),
  /** Encrypted in transit with the transport cipher; the site decrypts it on load. */
  path: z.string(),
});
export type CustomerServiceEntry = z.infer<typeof customerServiceEntrySchema>;

export const resourceTypes = ['FACEBOOK', 'WHATSAPP', 'TELEGRAM', 'TELEGRAM1', 'TELEGRAM2'] as const;
export const resourceSchema = z.object({
  resourceType: z.enum(resourceTypes),
  url: z.string(),
  labelNameEn: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const domainRouteEntrySchema = z.object({ domainName: z.string() });
export type DomainRouteEntry = z.infer<typeof domainRouteEntrySchema>;

export const domainRouteQuerySchema = z.object({
  device: z.coerce.number().int().min(0).max(9).default(0),
});
export const domainRouteResponseSchema = successEnvelope(
  z.object({ domainList: z.array(domainRouteEntrySchema) }),
);

export const languageCodes = ['EN', 'UR', 'PT', 'TH', 'TY'] as const;
export type LanguageCode = (typeof languageCodes)[number];

export const locationSchema = z.object({
  ip: z.string(),
  /** ISO 3166-1 alpha-2, or null for private and unknown addresses. */
  countryCode: z.string().nullable(),
});

export const permissionSchema = z.object({
  merchantCode: z.string(),
  siteName: z.string(),
  status: systemStatusSchema,
  info: z.object({
    customerService: z.array(customerServiceEntrySchema),
    domainRoute: z.array(domainRouteEntrySchema),
    resources: z.array(resourceSchema),
    whitelabel: whitelabelTreeSchema,
    register: registerSettingSchema,
    mainDomain: z.string(),
    analytics: z.object({ gtagId: z.string().nullable() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    currency: z.string(),
    currencySymbol: z.string(),
    languages: z.object({
      supported: z.array(z.enum(languageCodes)),
      default: z.enum(languageCodes),
    }),
  }),
  location: locationSchema,
  maintenance: z.object({
    enabled: z.boolean(),
    /** ISO 8601 instant; the site shows it in the visitor's local format. */
    endTime: z.string().nullable(),
  }),
  regionRestriction: z.object({ restricted: z.boolean() }),
});
export type Permission = z.infer<typeof permissionSchema>;
export const permissionResponseSchema = successEnvelope(permissionSchema);

/** Header the site sends so the server answers for its brand (spec: merchant code kept in storage). */
export const merchantHeader = 'x-merchant-code';
