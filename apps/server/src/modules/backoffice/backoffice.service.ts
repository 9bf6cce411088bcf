import { type StaffProfile, type StaffRole, staffRoles } from '@wps/contracts/backoffice';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { verifyAgainstDecoy, verifyPassword } from '../../lib/password-hashing';
import { createSessionToken, hashSessionToken } from '../../lib/session-token';
import { recordAuditEvent } from '../audit/audit.service';
import * as repository from './backoffice.repository';

const sessionLifetimeMs = 12 * 60 * 60 * 1000;
const sessionIdleMs = 30 * 60 * 1000;

export type StaffIdentity = StaffProfile & { tokenHash: string };

const isStaffRole = (role: string): role is StaffRole => (staffRoles as readonly string[]).includes(role);

const toProfile = (row: {
  id: bigint;
  username: string;
  displayName: string;
  role: string;
}): StaffProfile => ({
  id: row.id.toString(),
  username: row.username,
  displayName: row.displayName,
  role: isStaffRole(row.role) ? row.role : 'support',
});

export const createBackofficeService = ({ db }: { db: Database }) => ({
  login: async (username: string, password: string, ip: string) => {
    const member = await repository.findStaffByUsername(db, username);
    const isValid = member
      ? member.isActive && (await verifyPassword(member.passwordHash, password))
      : await verifyAgainstDecoy(password);
    return db.transaction(async (tx) => {
      await recordAuditEvent(tx, {
        actor: { type: 'staff', id: member?.id.toString() ?? `unknown:${username}`, ip },
        action: isValid ? 'staff.login.success' : 'staff.login.failure',
        entityType: 'staff',
        entityId: username,
      });
      if (!member || !isValid) return undefined;
      const { token, tokenHash } = createSessionToken();
      const expiresAt = new Date(Date.now() + sessionLifetimeMs);
      await repository.insertStaffSession(tx, { tokenHash, staffId: member.id, expiresAt });
      return { token, expiresAt: expiresAt.toISOString(), staff: toProfile(member) };
    });
  },

  /** The staff member behind a token, refreshing its idle timer; undefined when the session is not live. */
  authenticate: async (token: string): Promise<StaffIdentity | undefined> => {
    const tokenHash = hashSessionToken(token);
    const found = await repository.findLiveSession(db, tokenHash, new Date(Date.now() - sessionIdleMs));
    if (!found) return undefined;
    await repository.touchSession(db, tokenHash);
    return { ...toProfile(found.staff), tokenHash };
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
});

export type BackofficeService = ReturnType<typeof createBackofficeService>;

export const assertStaffRole = (identity: StaffIdentity, allowed: readonly StaffRole[]): void => {
  if (!allowed.includes(identity.role)) throw new AppError('FORBIDDEN');
};
