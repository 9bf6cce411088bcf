import type { MemberLoginEvent } from '@wps/contracts/members';
import type { Executor } from '../../db/database';
import type { AuthUseCaseDependencies } from './auth.service';
import * as repository from './auth.repository';

/**
 * A member's sign-in events (logins, logouts, password changes and resets), newest first: for staff, and for the
 * member's own security centre.
 */
export const listMemberSignInEvents = async (
  { db }: Pick<AuthUseCaseDependencies, 'db'>,
  memberId: bigint,
  page: { pageNo: number; pageSize: number },
): Promise<{ list: MemberLoginEvent[]; totalCount: number; totalPages: number }> => {
  const { rows, total } = await repository.listMemberEvents(db, memberId, page);
  return {
    list: rows.map((row) => ({
      id: row.id.toString(),
      event: row.event,
      isSuccess: row.isSuccess,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
    })),
    totalCount: total,
    totalPages: Math.ceil(total / page.pageSize),
  };
};

/**
 * Other members of the brand who signed in from one of the member's devices: the same address and the same
 * browser (User-Agent) on a successful sign-in event. At most `limit`, one device each.
 */
export const findMembersSharingDevice = async (
  { db }: Pick<AuthUseCaseDependencies, 'db'>,
  brandId: bigint,
  memberId: bigint,
  limit: number,
): Promise<Array<{ memberId: bigint; ip: string; userAgent: string }>> =>
  (await repository.listMembersSharingDevice(db, brandId, memberId, limit)).map((row) => ({
    ...row,
    memberId: BigInt(row.memberId),
  }));

/** Ends every session of the member (a status change, a password reset by staff); answers how many were live. */
export const endMemberSessions = async (executor: Executor, memberId: bigint): Promise<number> =>
  (await repository.revokeAllMemberSessions(executor, memberId)).length;
