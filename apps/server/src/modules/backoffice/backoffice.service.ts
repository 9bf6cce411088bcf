import type { StaffRole } from '@wps/contracts/backoffice';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
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
import { type StaffIdentity, toStaffProfile } from './staff-profile';

export type { StaffIdentity } from './staff-profile';

const sessionIdleMs = 30 * 60 * 1000;

type StaffActor = AuditActor & { type: 'staff' };

/** Staff accounts and sessions: sign-in in two steps, the session behind a token, and the admins' staff list. */
export const createBackofficeService = ({ db }: { db: Database }) => {
  const deps = { db };
  return {
    /** The password step: answers a second-factor challenge, never a session. */
    startSignIn: (input: { username: string; password: string; ip: string }) => startSignIn(deps, input),
    /** The second-factor step: opens the session. */
    completeSignIn: (input: { challenge: string; code: string; ip: string }) => completeSignIn(deps, input),

    /** The staff member behind a token, refreshing its idle timer; undefined when the session is not live. */
    authenticate: async (token: string): Promise<StaffIdentity | undefined> => {
      const tokenHash = hashSessionToken(token);
      const found = await repository.findLiveSession(db, tokenHash, new Date(Date.now() - sessionIdleMs));
      if (!found) return undefined;
      await repository.touchSession(db, tokenHash);
      return { ...toStaffProfile(found.staff), tokenHash, allowedIps: found.staff.allowedIps };
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

    listStaff: () => listStaff(deps),
    createStaff: (actor: StaffActor, input: Parameters<typeof createStaffMember>[2]) =>
      createStaffMember(deps, actor, input),
    updateStaff: (actor: StaffActor, id: string, input: Parameters<typeof updateStaffMember>[3]) =>
      updateStaffMember(deps, actor, id, input),
    resetStaff: (actor: StaffActor, id: string) => resetStaffMember(deps, actor, id),
  };
};

export type BackofficeService = ReturnType<typeof createBackofficeService>;

export const assertStaffRole = (identity: StaffIdentity, allowed: readonly StaffRole[]): void => {
  if (!allowed.includes(identity.role)) throw new AppError('FORBIDDEN');
};
