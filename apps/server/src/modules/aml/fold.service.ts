import type { Database } from '../../db/database';
import { createPacedFollowUp, type FoldBatchResult, foldEverythingCommitted } from '../../db/ledger-follow';
import type { AuthService } from '../auth/auth.service';
import { findBrandRules } from './aml-settings.repository';
import { foldAmlBatch } from './fold.repository';
import * as sharing from './sharing.repository';

export const amlFoldJobName = 'aml-fold';

/** How many other members on the member's devices the auth service is asked for at most. */
const deviceLookupLimit = 200;

/**
 * The AML monitor, off the money's path. The fold (`fold.repository.ts`) follows the ledger in commit order and
 * runs the money rules (large deposits and withdrawals, withdrawals with little play, rapid agent transfers) in
 * its batch's transaction; it also queues the members whose sharing changed (new members, sign-ins, withdrawal
 * requests). The sharing rules then run per queued member: the network address and payout account over published
 * views, the device through the auth service (its sign-in events are its own). Flags are unique per rule, member
 * and evidence key, so a check repeated after a crash or on two instances writes each once.
 */
export const createAmlMonitor = ({
  db,
  auth,
  span = 20_000,
  maxWaitMs = 5_000,
  restFactor = 3,
  maxRestMs = 500,
  checksPerRun = 100,
  now = Date.now,
}: {
  db: Database;
  auth: Pick<AuthService, 'findMembersSharingDevice'>;
  span?: number;
  maxWaitMs?: number;
  restFactor?: number;
  maxRestMs?: number;
  checksPerRun?: number;
  now?: () => number;
}) => {
  const foldBatch = (): Promise<FoldBatchResult> => db.transaction((tx) => foldAmlBatch(tx, span));
  const followUp = createPacedFollowUp({ foldBatch, restFactor, maxRestMs, now });

  const checkMember = async (check: sharing.DueCheck): Promise<void> => {
    const rules = await findBrandRules(db, check.brandId);
    if (rules) {
      const minAccounts = rules.sharedAccountsMin;
      await sharing.flagSharedAddresses(db, check, minAccounts);
      await sharing.flagSharedPayoutAccounts(db, check, minAccounts);
      const others = await auth.findMembersSharingDevice(check.brandId, check.memberId, deviceLookupLimit);
      const devices = new Map<string, sharing.SharedDevice & { memberIds: bigint[] }>();
      for (const other of others) {
        const key = `${other.ip}\n${other.userAgent}`;
        const device = devices.get(key) ?? { ip: other.ip, userAgent: other.userAgent, memberIds: [] };
        device.memberIds.push(other.memberId);
        devices.set(key, device);
      }
      const shared = [...devices.values()].filter((device) => device.memberIds.length + 1 >= minAccounts);
      await sharing.flagSharedDevices(db, check, minAccounts, shared);
    }
    await sharing.markChecked(db, check.memberId, check.touches);
  };

  /** Checks up to `limit` due members; answers how many it checked. */
  const checkDue = async (limit: number): Promise<number> => {
    const due = await sharing.listDueChecks(db, limit);
    for (const check of due) await checkMember(check);
    return due.length;
  };

  return {
    /** The scheduled run: folds what is visible now (nothing while it rests), then a round of sharing checks. */
    followUp: async (): Promise<void> => {
      await followUp();
      await checkDue(checksPerRun);
    },
    /**
     * Folds everything committed before the call and checks every member due; answers how many ledger movements
     * the fold read (tests, the command line).
     */
    fold: async (): Promise<number> => {
      const taken = await foldEverythingCommitted(db, foldBatch, maxWaitMs);
      for (let checked = await checkDue(checksPerRun); checked > 0;) checked = await checkDue(checksPerRun);
      return taken;
    },
  };
};

export type AmlMonitor = ReturnType<typeof createAmlMonitor>;
