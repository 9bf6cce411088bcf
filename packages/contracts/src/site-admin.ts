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
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsParamsSchema = z.strictObject({
  merchantCode: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
});
export const siteSettingsResponseSchema = successEnvelope(siteSettingsSchema);
