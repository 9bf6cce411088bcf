import { rm } from 'node:fs/promises';
import type { Database } from '../../db/database';
import { findDatabaseError } from '../../db/database-errors';
import * as repository from './uploads.repository';

/**
 * An upload the purge asks about, with its member owner (so a domain can look it up by its member index);
 * null for a staff member's upload (a promotion picture), which only a domain that keeps those refers to.
 */
export type UploadCandidate = { id: string; memberId: bigint | null };

/**
 * Asked by the purge which of some uploads a domain refers to (a deposit's proof, a dispute's, a feedback's
 * images); answers those ids. Each domain that keeps upload ids registers one.
 */
export type UploadReferenceSource = (candidates: readonly UploadCandidate[]) => Promise<readonly string[]>;

export type OrphanPurgeDependencies = {
  db: Database;
  fileOf: (id: string) => string;
  sources: ReadonlyMap<string, UploadReferenceSource>;
};

/** An upload nothing refers to this long after it was made is deleted, with its file. */
export const orphanGraceMs = 24 * 60 * 60 * 1000;
const batchSize = 500;
/** A run stops after this many batches; the next run goes on where it stopped. */
const batchesPerRun = 20;

const foreignKeyViolation = '23503';

/** A reference written since the sources answered (a feedback's images have a foreign key) keeps the upload. */
const deleteUnlessReferenced = async (
  db: Database,
  id: string,
  before: Date,
  now: Date,
): Promise<boolean> => {
  try {
    return await repository.deleteUnclaimedUpload(db, id, before);
  } catch (error) {
    if (findDatabaseError(error)?.code !== foreignKeyViolation) throw error;
    await repository.markUploadsKept(db, [id], now);
    return false;
  }
};

/**
 * Looks at uploads older than the grace period that nothing was found to refer to yet, oldest first: those a
 * domain refers to are marked kept (and never looked at again), the others are deleted, row then file. The
 * delete repeats the conditions, so an upload marked kept meanwhile stays. Answers how many were deleted.
 */
export const purgeOrphanUploads = async (
  { db, fileOf, sources }: OrphanPurgeDependencies,
  now: Date = new Date(),
): Promise<number> => {
  const before = new Date(now.getTime() - orphanGraceMs);
  let deleted = 0;
  for (let batch = 0; batch < batchesPerRun; batch += 1) {
    const candidates = await repository.listUncheckedUploads(db, before, batchSize);
    if (candidates.length === 0) break;
    const ids = candidates.map((candidate) => candidate.id);
    const answers = await Promise.all([...sources.values()].map((source) => source(candidates)));
    const referenced = new Set(answers.flat());
    await repository.markUploadsKept(
      db,
      ids.filter((id) => referenced.has(id)),
      now,
    );
    for (const id of ids.filter((candidate) => !referenced.has(candidate))) {
      if (await deleteUnlessReferenced(db, id, before, now)) {
        await rm(fileOf(id), { force: true });
        deleted += 1;
      }
    }
    if (ids.length < batchSize) break;
  }
  return deleted;
};
