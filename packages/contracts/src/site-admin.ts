import { z } from 'zod';
import { successEnvelope } from './envelope';
import { whitelabelFlags } from './site';

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code in capitals');

/** What an operator may change of a brand's site configuration. Region status (2) is never set by hand. */
export const siteSettingsPatchSchema = z
  .strictObject({
    status: z.union([z.literal(0), z.literal(1)]).optional(),
    maintenanceEndTime: z.iso.datetime({ offset: true }).nullable().optional(),
    blockedCountries: z
      .array(countryCode)
      .max(250)
      .refine((codes) => new Set(codes).size === codes.length, 'countries must not repeat')
      .optional(),
    flags: z.partialRecord(z.enum(whitelabelFlags), z.boolean()).optional(),
    /** Refuse plain bodies on the spec's "encrypt" calls (login, registration, passwords). */
    requireEncryptedBodies: z.boolean().optional(),
    /** Word bounds of a feedback's content. */
    feedbackWords: z
      .strictObject({ min: z.number().int().min(1).max(5000), max: z.number().int().min(1).max(5000) })
      .refine((bounds) => bounds.min <= bounds.max, 'min must not exceed max')
      .optional(),
    /** Where the live chat opens (CBS_launchChat); null for no live chat. */
    liveChatUrl: z
      .url({ protocol: /^https$/ })
      .max(2048)
      .nullable()
      .optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'nothing to change');
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatchSchema>;

export const siteSettingsSchema = z.object({
  merchantCode: z.string(),
  siteName: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  maintenanceEndTime: z.string().nullable(),
  blockedCountries: z.array(z.string()),
  flags: z.record(z.enum(whitelabelFlags), z.boolean()),
  requireEncryptedBodies: z.boolean(),
  feedbackWords: z.object({ min: z.number().int(), max: z.number().int() }),
  liveChatUrl: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsResponseSchema = successEnvelope(siteSettingsSchema);

const loopbackOrHttps = (value: string) => {
  const url = new URL(value);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
};

/** Where a brand's SMS and email go; null means the development outbox. Secrets are write-only. */
export const deliverySettingsSchema = z.strictObject({
  smsGateway: z
    .strictObject({
      url: z.url().refine(loopbackOrHttps, 'https, or http on this machine'),
      apiKey: z.string().min(1).max(512),
      sender: z.string().min(1).max(32),
    })
    .nullable(),
  smtp: z
    .strictObject({
      host: z.string().min(1).max(255),
      port: z.number().int().min(1).max(65535),
      secure: z.boolean(),
      user: z.string().max(255).nullable(),
      password: z.string().max(512).nullable(),
      from: z.string().min(3).max(255),
    })
    .nullable(),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;
export const deliverySettingsResponseSchema = successEnvelope(
  z.object({ smsGateway: z.string().nullable(), smtp: z.string().nullable() }),
);
