import { z } from 'zod';
import { successEnvelope } from './envelope';
import { permissions, presetRoleKeys } from './staff-permissions';

/** A database id on the wire: a positive integer as a string. */
const idSchema = z.string().regex(/^[1-9][0-9]{0,18}$/);

export const permissionSchema = z.enum(permissions);

/** A staff member's role in the brand the request names; null: no role there, so no access to it. */
export const staffRoleReferenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The preset the role started as (it may have been edited since); null for a role made by an admin. */
  presetKey: z.enum(presetRoleKeys).nullable(),
});
export type StaffRoleReference = z.infer<typeof staffRoleReferenceSchema>;

/** A staff password: 8 to 128 characters, any characters (spaces and symbols included). */
export const staffPasswordBounds = { min: 8, max: 128 } as const;
export const staffPasswordSchema = z.string().min(staffPasswordBounds.min).max(staffPasswordBounds.max);

/** A staff username: 3 to 32 letters, digits, dots, dashes or underscores. */
export const staffUsernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/);

/** One entry of a staff member's IP allow-list: an IPv4 or IPv6 address or CIDR range. */
export const staffAllowedIpSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
/** An empty allow-list lets the staff member in from any address. */
export const staffAllowedIpsSchema = z.array(staffAllowedIpSchema).max(50);

// Sign-in: password, then the second factor (TOTP or a recovery code).

export const staffLoginRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
});

/**
 * What the password step answers: a short-lived single-use challenge for the second factor. `totp` when the
 * staff member has enrolled; `enrol` when they have not (or an admin reset them), with the new TOTP secret to
 * scan. No session exists until `/session/verify` accepts a code.
 */
export const staffLoginChallengeSchema = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('totp'), challenge: z.string() }),
  z.object({
    stage: z.literal('enrol'),
    challenge: z.string(),
    /** Base32 secret, for typing into an authenticator by hand. */
    secret: z.string(),
    otpauthUrl: z.string(),
    /** The otpauth URL as a PNG data URL, for an `<img src>`. */
    qrCodeDataUrl: z.string(),
  }),
]);
export type StaffLoginChallenge = z.infer<typeof staffLoginChallengeSchema>;
export const staffLoginResponseSchema = successEnvelope(staffLoginChallengeSchema);

export const staffVerifyRequestSchema = z.strictObject({
  challenge: z.string().min(1).max(256),
  /** A 6-digit TOTP code or a recovery code. */
  code: z.string().trim().min(6).max(64),
});

export const staffProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: staffRoleReferenceSchema.nullable(),
  /** What the staff member may do in this brand (their role's permissions); the console shows only that. */
  permissions: z.array(permissionSchema),
  /** While true, every operator route but /session/me, /session/logout and /session/password answers PASSWORD_CHANGE_REQUIRED. */
  mustChangePassword: z.boolean(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

export const staffSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  staff: staffProfileSchema,
  /** Ten single-use recovery codes, shown once: only when this verification completed an enrolment. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
export const staffVerifyResponseSchema = successEnvelope(staffSessionSchema);

export const staffProfileResponseSchema = successEnvelope(staffProfileSchema);
export const emptyResponseSchema = successEnvelope(z.null());

/** Changing one's own password; the staff member's other sessions end. */
export const staffPasswordChangeRequestSchema = z.strictObject({
  oldPassword: z.string().min(1).max(256),
  newPassword: staffPasswordSchema,
});

// Staff management (the staff.manage permission).

/** A staff member as the staff list shows them, with their role in the brand the request names. */
export const staffSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: staffRoleReferenceSchema.nullable(),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  isTotpEnrolled: z.boolean(),
  allowedIps: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
  /** Set while the account is locked after too many failed sign-ins. */
  lockedUntil: z.string().nullable(),
});
export type StaffSummary = z.infer<typeof staffSummarySchema>;
export const staffListResponseSchema = successEnvelope(z.array(staffSummarySchema));

export const staffIdParamsSchema = z.strictObject({ id: idSchema });

export const staffCreateRequestSchema = z.strictObject({
  username: staffUsernameSchema,
  displayName: z.string().trim().min(1).max(64),
  /** Their role in the brand the request names (one of its roles). */
  roleId: idSchema,
  allowedIps: staffAllowedIpsSchema.optional(),
});
export type StaffCreateRequest = z.infer<typeof staffCreateRequestSchema>;
/** The new staff member and a random temporary password, shown once; they change it and enrol 2FA at first sign-in. */
export const staffCreateResponseSchema = successEnvelope(
  z.object({ staff: staffSummarySchema, temporaryPassword: z.string() }),
);

/**
 * Disabling ends the staff member's sessions. `roleId` sets their role in the brand the request names (null:
 * no access to it). Refused when it would take staff.manage from the one asking, or leave a brand nobody
 * active who holds staff.manage.
 */
export const staffUpdateRequestSchema = z.strictObject({
  displayName: z.string().trim().min(1).max(64).optional(),
  roleId: idSchema.nullable().optional(),
  isActive: z.boolean().optional(),
  allowedIps: staffAllowedIpsSchema.optional(),
});
export type StaffUpdateRequest = z.infer<typeof staffUpdateRequestSchema>;
export const staffUpdateResponseSchema = successEnvelope(staffSummarySchema);

/** A reset: a new temporary password (shown once), a forced change and a new 2FA enrolment; sessions end. */
export const staffResetResponseSchema = successEnvelope(z.object({ temporaryPassword: z.string() }));

// Roles: sets of permissions, per brand (the staff.manage permission).

/** The permission catalogue, grouped as the roles editor shows it. */
export const permissionCatalogueResponseSchema = successEnvelope(
  z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      permissions: z.array(z.object({ key: permissionSchema, label: z.string() })),
    }),
  ),
);

export const staffRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  presetKey: z.enum(presetRoleKeys).nullable(),
  permissions: z.array(permissionSchema),
  /** How many staff members hold the role in this brand; a role still held cannot be deleted. */
  staffCount: z.number().int(),
});
export type StaffRoleView = z.infer<typeof staffRoleSchema>;
export const staffRoleListResponseSchema = successEnvelope(z.array(staffRoleSchema));
export const staffRoleResponseSchema = successEnvelope(staffRoleSchema);

export const staffRoleIdParamsSchema = z.strictObject({ id: idSchema });

const roleNameSchema = z.string().trim().min(1).max(48);
const rolePermissionsSchema = z.array(permissionSchema).max(200);

export const staffRoleCreateRequestSchema = z.strictObject({
  name: roleNameSchema,
  permissions: rolePermissionsSchema,
});
export type StaffRoleCreateRequest = z.infer<typeof staffRoleCreateRequestSchema>;

/** Refused when it would leave the brand nobody active who holds staff.manage, or take it from the one asking. */
export const staffRoleUpdateRequestSchema = z.strictObject({
  name: roleNameSchema.optional(),
  permissions: rolePermissionsSchema.optional(),
});
export type StaffRoleUpdateRequest = z.infer<typeof staffRoleUpdateRequestSchema>;
