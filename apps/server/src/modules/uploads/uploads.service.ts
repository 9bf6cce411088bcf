import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type StaffUploadPurpose,
  staffUploadLimits,
  uploadLimits,
  type UploadPurpose,
} from '@wps/contracts/uploads';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { purgeOrphanUploads, type UploadReferenceSource } from './orphan-purge';
import { assertWithinBounds, defaultUploadBounds, type UploadBounds } from './upload-bounds';
import * as repository from './uploads.repository';
import { uploads } from './uploads.tables';

export type { UploadCandidate, UploadReferenceSource } from './orphan-purge';
export { defaultUploadBounds, type UploadBounds } from './upload-bounds';

export type UploadRow = typeof uploads.$inferSelect;
type ImageType = (typeof staffUploadLimits.contentTypes)[number];
export type { UploadOwner } from './uploads.repository';

/** Bytes an image of a type starts with, at an offset (webp: "RIFF", the size, then "WEBP"). */
const signatures: { type: ImageType; parts: { at: number; bytes: number[] }[] }[] = [
  { type: 'image/png', parts: [{ at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }] },
  { type: 'image/jpeg', parts: [{ at: 0, bytes: [0xff, 0xd8, 0xff] }] },
  {
    type: 'image/webp',
    parts: [
      { at: 0, bytes: [0x52, 0x49, 0x46, 0x46] },
      { at: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
    ],
  },
];

/** The type the bytes say they are; a name or a declared content type proves nothing. */
export const detectImageType = (data: Buffer): ImageType | undefined =>
  signatures.find(({ parts }) =>
    parts.every(({ at, bytes }) => bytes.every((byte, index) => data[at + index] === byte)),
  )?.type;

/**
 * A member's avatar: not what the member sent (a png or jpg, checked and decoded by avatars.ts) but the server's
 * own re-encoding of it. Never a purpose a member names on the upload route, nor one read back through it.
 */
export const avatarPurpose = 'avatar';
/** A brand's logo: the server's re-encoding of the operator's image (brand-logos.ts), never a purpose one names. */
export const brandLogoPurpose = 'brand_logo';
export type StoredUploadPurpose =
  UploadPurpose | StaffUploadPurpose | typeof avatarPurpose | typeof brandLogoPurpose;

/** The avatar and the brand logo as stored: a small WebP the server encoded (avatars.ts, brand-logos.ts). */
const reEncodedContentType = 'image/webp';
const reEncodedStorageLimits = {
  maxBytes: uploadLimits.maxBytes,
  contentTypes: [reEncodedContentType],
} as const;

/** A member's images are png or jpg; a staff member's picture (a promotion's, a game's) may also be webp. */
const limitsOf = (purpose: StoredUploadPurpose): { maxBytes: number; contentTypes: readonly ImageType[] } =>
  purpose === avatarPurpose || purpose === brandLogoPurpose
    ? reEncodedStorageLimits
    : purpose === 'promotion_image' || purpose === 'game_image'
      ? staffUploadLimits
      : uploadLimits;

const day = 24 * 60 * 60 * 1000;

/** The job that deletes uploads nothing refers to (uploads.module.ts schedules it). */
export const orphanUploadJobName = 'uploads.purge-orphans';

/**
 * Images: checked, counted against their owner's bounds (a member's, or a staff member's), stored under
 * `directory` by id, read back only for their owner or staff (a promotion's picture also by the public
 * promotion image route), and deleted when nothing refers to them a day after they were made.
 */
export const createUploadService = ({
  db,
  directory,
  bounds = defaultUploadBounds,
}: {
  db: Database;
  directory: string;
  bounds?: UploadBounds;
}) => {
  const fileOf = (id: string) => path.join(directory, id);
  const referenceSources = new Map<string, UploadReferenceSource>();

  return {
    /**
     * Stores an image for a member or a staff member. Their usage is counted and the row written under the
     * owner's lock, so uploads sent at once cannot pass a bound together.
     */
    store: async (
      owner: { brandId: bigint } & repository.UploadOwner,
      purpose: StoredUploadPurpose,
      data: Buffer,
    ): Promise<{ id: string; contentType: ImageType; byteSize: number }> => {
      const limits = limitsOf(purpose);
      if (data.length > limits.maxBytes) throw new AppError('UPLOAD_TOO_LARGE');
      const contentType = detectImageType(data);
      if (!contentType || !limits.contentTypes.includes(contentType))
        throw new AppError('UPLOAD_INVALID_TYPE');
      const id = randomUUID();
      await mkdir(directory, { recursive: true });
      try {
        await db.transaction(async (tx) => {
          await repository.lockOwnerUploads(tx, owner);
          const now = new Date();
          const usage = await repository.readOwnerUsage(tx, owner, new Date(now.getTime() - day));
          assertWithinBounds(bounds, usage, data.length);
          await writeFile(fileOf(id), data, { flag: 'wx', mode: 0o600 });
          await repository.insertUpload(tx, {
            id,
            brandId: owner.brandId,
            memberId: 'memberId' in owner ? owner.memberId : null,
            staffId: 'staffId' in owner ? owner.staffId : null,
            purpose,
            contentType,
            byteSize: data.length,
            sha256: createHash('sha256').update(data).digest('hex'),
            createdAt: now,
          });
        });
      } catch (error) {
        await rm(fileOf(id), { force: true });
        throw error;
      }
      return { id, contentType, byteSize: data.length };
    },

    /**
     * A domain that keeps upload ids says which of some ids it refers to, so the purge keeps them. Registered
     * by each such module when it is built.
     */
    registerReferences: (name: string, source: UploadReferenceSource): void => {
      if (referenceSources.has(name)) throw new Error(`upload references ${name} are already registered`);
      referenceSources.set(name, source);
    },

    /** Deletes uploads nothing refers to a day after they were made, rows and files; answers how many. */
    purgeOrphans: (now?: Date): Promise<number> =>
      purgeOrphanUploads({ db, fileOf, sources: referenceSources }, now),

    /** The upload when it belongs to this member, for checking an id a member hands in. */
    findOwned: async (brandId: bigint, memberId: bigint, id: string): Promise<UploadRow | undefined> => {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.brandId, brandId), eq(uploads.memberId, memberId)));
      return row;
    },

    /** The bytes of an upload; `owner` narrows it to one member's (players), absent for staff. */
    read: async (
      id: string,
      owner?: { brandId: bigint; memberId: bigint },
    ): Promise<{ row: UploadRow; data: Buffer }> => {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      if (!row || (owner && (row.brandId !== owner.brandId || row.memberId !== owner.memberId))) {
        throw new AppError('NOT_FOUND');
      }
      return { row, data: await readFile(fileOf(row.id)) };
    },

    /** The bytes of an upload made for `purpose` (avatars, read by anyone who has the id); else NOT_FOUND. */
    readOfPurpose: async (
      id: string,
      purpose: StoredUploadPurpose,
    ): Promise<{ row: UploadRow; data: Buffer }> => {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.purpose, purpose)));
      if (!row) throw new AppError('NOT_FOUND');
      return { row, data: await readFile(fileOf(row.id)) };
    },
  };
};

export type UploadService = ReturnType<typeof createUploadService>;
