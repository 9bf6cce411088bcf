import { type StaffProfile, type StaffRole, staffRoles, type StaffSummary } from '@wps/contracts/backoffice';
import type { StaffRow } from './backoffice.repository';

export const isStaffRole = (role: string): role is StaffRole =>
  (staffRoles as readonly string[]).includes(role);

/** What a staff member sees of themselves. */
export const toStaffProfile = (row: StaffRow): StaffProfile => ({
  id: row.id.toString(),
  username: row.username,
  displayName: row.displayName,
  role: isStaffRole(row.role) ? row.role : 'support',
  mustChangePassword: row.mustChangePassword,
});

/** What an admin sees of a staff member in the staff list. */
export const toStaffSummary = (row: StaffRow, lockedUntil: Date | null): StaffSummary => ({
  ...toStaffProfile(row),
  isActive: row.isActive,
  isTotpEnrolled: row.totpSecret !== null,
  allowedIps: row.allowedIps,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  lockedUntil: lockedUntil?.toISOString() ?? null,
});

/** The staff member behind a live session, as the staff guard places it on the request. */
export type StaffIdentity = StaffProfile & { tokenHash: string; allowedIps: readonly string[] };
