import { brandFontsSchema } from './brand-look';
import { brandPaletteSchema } from './brand-palette';
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { languageCodes, registerFields, resourceTypes, type WhitelabelNode } from './site-rules';

export {
  isLanguageCode,
  isWhitelabelEnabled,
  languageCodes,
  merchantHeader,
  registerFields,
  resourceTypes,
  SystemStatusValue,
  whitelabelFlagGroup,
  whitelabelFlags,
  whitelabelGroups,
  type LanguageCode,
  type RegisterField,
  type WhitelabelFlag,
  type WhitelabelGroup,
  type WhitelabelNode,
} from './site-rules';

/** 0 normal, 1 maintenance, 2 region restricted (spec section 4, System status). */
export const systemStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const systemStatusResponseSchema = successEnvelope(systemStatusSchema);

export const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.object({
  modId: z.string(),
  enabled: z.enum(['0', '1']),
  get children() {
    return z.array(whitelabelNodeSchema);
  },
});
export const whitelabelTreeSchema = z.array(whitelabelNodeSchema);
export const whitelabelResponseSchema = successEnvelope(whitelabelTreeSchema);

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
/**
 * A domain as the domain-route call answers it: with the origin it is reached at (scheme and port as the site
 * is served, or PUBLIC_URL's), which the speed test pings and the mirror list links to.
 */
export const domainOriginEntrySchema = domainRouteEntrySchema.extend({ origin: z.string() });
export type DomainOriginEntry = z.infer<typeof domainOriginEntrySchema>;
export const domainRouteResponseSchema = successEnvelope(
  z.object({ domainList: z.array(domainOriginEntrySchema) }),
);

export const locationSchema = z.object({
  ip: z.string(),
  /** ISO 3166-1 alpha-2, or null for private and unknown addresses. */
  countryCode: z.string().nullable(),
  /** That country's dialling code (digits), null when the country is not known: the phone fields' default. */
  dialingCode: z.string().nullable(),
});

export type Location = z.infer<typeof locationSchema>;

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
    /** The brand's colours in each theme; null for the platform's. */
    palette: brandPaletteSchema.nullable(),
    /** The brand's faces for text and headings ("system": the platform's stack). */
    fonts: brandFontsSchema,
    /** The brand's logo for the header; null shows the site name as text. */
    logoUrl: z.string().nullable(),
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
