import type { PresetRoleKey } from '@wps/contracts/staff-permissions';
import type { Database, Executor } from '../../db/database';
import { hashSessionToken } from '../../lib/session-token';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import * as repository from './backoffice.repository';
import { completeSignIn } from './sign-in/complete-sign-in';
import { startSignIn } from './sign-in/start-sign-in';
import { changeOwnPassword } from './staff-accounts/change-own-password';
import {
  createStaffMember,
  listStaff,
  resetStaffMember,
  updateStaffMember,
} from './staff-accounts/staff-admin';
import {
  type AuthenticatedStaff,
  type RequestBrand,
  type StaffIdentity,
  toBrandAccess,
} from './staff-profile';
import { assignPresetRole, installPresetRoles } from './staff-roles/preset-roles';
import { createRole, deleteRole, listRoles, updateRole } from './staff-roles/role-admin';

export type { AuthenticatedStaff, StaffIdentity } from './staff-profile';

const sessionIdleMs = 30 * 60 * 1000;

type StaffActor = AuditActor & { type: 'staff' };

/**
 * Staff accounts and sessions: sign-in in two steps, the session behind a token (with the staff member's role in
 * every brand), the admins' staff list and each brand's roles.
 */
export const createBackofficeService = ({ db }: { db: Database }) => {
  const deps = { db };
  return {
    /** The password step: answers a second-factor challenge, never a session. */
    startSignIn: (input: { username: string; password: string; ip: string }) => startSignIn(deps, input),
    /** The second-factor step: opens the session; the profile is the staff member's in `brand`. */
    completeSignIn: (input: { challenge: string; code: string; ip: string; brand: RequestBrand }) =>
      completeSignIn(deps, input),

    /**
     * The staff member behind a token with their role in every brand (one query), refreshing its idle timer;
     * undefined when the session is not live.
     */
    authenticate: async (token: string): Promise<AuthenticatedStaff | undefined> => {
      const tokenHash = hashSessionToken(token);
      const found = await repository.findLiveSession(db, tokenHash, new Date(Date.now() - sessionIdleMs));
      if (!found) return undefined;
      await repository.touchSession(db, tokenHash);
      const { staff } = found;
      return {
        id: staff.id.toString(),
        username: staff.username,
        displayName: staff.displayName,
        mustChangePassword: staff.mustChangePassword,
        tokenHash,
        allowedIps: staff.allowedIps,
        accessByBrand: new Map(found.roles.map((role) => [role.brandId, toBrandAccess(role)])),
      };
    },

    logout: async (identity: StaffIdentity, ip: string) => {
      await db.transaction(async (tx) => {
        await repository.revokeSession(tx, identity.tokenHash);
        await recordAuditEvent(tx, {
          actor: { type: 'staff', id: identity.id, ip },
          action: 'staff.logout',
          entityType: 'staff',
          entityId: identity.username,
        });
      });
    },

    changeOwnPassword: (
      identity: StaffIdentity,
      input: { oldPassword: string; newPassword: string; ip: string },
    ) => changeOwnPassword(deps, identity, input),

    /** Every staff member, each with their role in the brand. */
    listStaff: (brandId: bigint) => listStaff(deps, brandId),
    createStaff: (actor: StaffActor, brandId: bigint, input: Parameters<typeof createStaffMember>[3]) =>
      createStaffMember(deps, actor, brandId, input),
    updateStaff: (
      actor: StaffActor,
      brandId: bigint,
      id: string,
      input: Parameters<typeof updateStaffMember>[4],
    ) => updateStaffMember(deps, actor, brandId, id, input),
    resetStaff: (actor: StaffActor, id: string) => resetStaffMember(deps, actor, id),

    listRoles: (brandId: bigint) => listRoles(deps, brandId),
    createRole: (actor: StaffActor, brandId: bigint, input: Parameters<typeof createRole>[3]) =>
      createRole(deps, actor, brandId, input),
    updateRole: (actor: StaffActor, brandId: bigint, id: string, input: Parameters<typeof updateRole>[4]) =>
      updateRole(deps, actor, brandId, id, input),
    deleteRole: (actor: StaffActor, brandId: bigint, id: string) => deleteRole(deps, actor, brandId, id),
    /**
     * A new brand's preset roles (admin, finance, risk, support, content, marketing); idempotent. `executor`:
     * the transaction that creates the brand, so the brand and its roles exist together or not at all.
     */
    installPresetRoles: (brandId: bigint, executor: Executor = db) => installPresetRoles(executor, brandId),
    /** Gives a staff member a brand's preset role (the new brand's creator its admin), in `executor`. */
    assignPresetRole: (
      assignment: { staffId: bigint; brandId: bigint; presetKey: PresetRoleKey },
      executor: Executor = db,
    ) => assignPresetRole(executor, assignment),
  };
};

export type BackofficeService = ReturnType<typeof createBackofficeService>;
