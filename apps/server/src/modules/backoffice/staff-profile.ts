import type {
  StaffProfile,
  StaffRoleReference,
  StaffRoleView,
  StaffSummary,
} from '@wps/contracts/backoffice';
import {
  isPermission,
  type Permission,
  permissions as catalogue,
  platformOnlyPermissions,
  presetRoleKeys,
  type PresetRoleKey,
} from '@wps/contracts/staff-permissions';
import type { StaffRoleRow, StaffRow } from './backoffice.repository';

/** What a staff member may do in one brand: their role there and its permissions. */
export type BrandAccess = { role: StaffRoleReference | null; permissions: ReadonlySet<Permission> };

/** No role in the brand: nothing but signing in, out and changing one's own password. */
export const noAccess: BrandAccess = { role: null, permissions: new Set() };

const isPresetRoleKey = (key: string): key is PresetRoleKey =>
  (presetRoleKeys as readonly string[]).includes(key);

/** A role's permissions the catalogue knows, in its order (a stored name it no longer has grants nothing). */
export const knownPermissions = (stored: readonly string[]): Permission[] => {
  const held = new Set(stored.filter(isPermission));
  return catalogue.filter((permission) => held.has(permission));
};

export const toRoleReference = (role: StaffRoleRow): StaffRoleReference => ({
  id: role.id.toString(),
  name: role.name,
  presetKey: role.presetKey !== null && isPresetRoleKey(role.presetKey) ? role.presetKey : null,
});

export const toBrandAccess = (role: StaffRoleRow | null | undefined): BrandAccess =>
  role ? { role: toRoleReference(role), permissions: new Set(knownPermissions(role.permissions)) } : noAccess;

export const toRoleView = (role: StaffRoleRow, staffCount: number): StaffRoleView => ({
  ...toRoleReference(role),
  permissions: knownPermissions(role.permissions),
  staffCount,
});

/** The staff member behind a live session, with their role in every brand they hold one in. */
export type AuthenticatedStaff = {
  id: string;
  username: string;
  displayName: string;
  mustChangePassword: boolean;
  tokenHash: string;
  allowedIps: readonly string[];
  accessByBrand: ReadonlyMap<bigint, BrandAccess>;
};

/** The staff member the guard admitted, with their role and permissions in the brand the request names. */
export type StaffIdentity = Omit<AuthenticatedStaff, 'accessByBrand'> & BrandAccess & { brandId: bigint };

/** The brand a request acts on, and whether it is the platform's own (the default merchant). */
export type RequestBrand = { id: bigint; isPlatform: boolean };

/** A role's access as it holds in a brand: platform-wide permissions only in the platform's own brand. */
export const accessInBrand = (access: BrandAccess, brand: RequestBrand): BrandAccess =>
  brand.isPlatform
    ? access
    : {
        ...access,
        permissions: new Set(
          [...access.permissions].filter((permission) => !platformOnlyPermissions.includes(permission)),
        ),
      };

/** The admitted staff member in the request's brand. */
export const identityInBrand = (
  { accessByBrand, ...staff }: AuthenticatedStaff,
  brand: RequestBrand,
): StaffIdentity => ({
  ...staff,
  ...accessInBrand(accessByBrand.get(brand.id) ?? noAccess, brand),
  brandId: brand.id,
});

/** What a staff member sees of themselves in a brand. */
export const toStaffProfile = (
  row: Pick<StaffRow, 'displayName' | 'username' | 'mustChangePassword'> & { id: bigint | string },
  access: BrandAccess,
): StaffProfile => ({
  id: row.id.toString(),
  username: row.username,
  displayName: row.displayName,
  role: access.role,
  permissions: catalogue.filter((permission) => access.permissions.has(permission)),
  mustChangePassword: row.mustChangePassword,
});

/** What an admin sees of a staff member in the staff list: their role in the brand the request names. */
export const toStaffSummary = (
  row: StaffRow,
  role: StaffRoleRow | null | undefined,
  lockedUntil: Date | null,
): StaffSummary => ({
  id: row.id.toString(),
  username: row.username,
  displayName: row.displayName,
  role: role ? toRoleReference(role) : null,
  isActive: row.isActive,
  mustChangePassword: row.mustChangePassword,
  isTotpEnrolled: row.totpSecret !== null,
  allowedIps: row.allowedIps,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  lockedUntil: lockedUntil?.toISOString() ?? null,
});
