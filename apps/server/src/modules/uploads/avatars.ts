import { avatarSize } from '@wps/contracts/member-account';
import { uploadLimits } from '@wps/contracts/uploads';
import sharp from 'sharp';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { apiPrefix } from '../../platform';
import { type AuditOrigin, recordAuditEvent } from '../audit/audit.service';
import type { MemberService } from '../members/members.service';
import type { UploadCandidate } from './orphan-purge';
import * as repository from './uploads.repository';
import { avatarPurpose, detectImageType, type UploadService } from './uploads.service';

/**
 * Images larger than this are refused before they are decoded: a 5 MB png of one colour can hold far more pixels
 * than memory. Above the 48-megapixel photos of today's phones.
 */
const avatarPixelsAtMost = 50_000_000;

/** Where the site loads an avatar from: public (an `<img>` sends no token), the id an unguessable uuid. */
export const avatarUrlOf = (uploadId: string): string => `${apiPrefix}/avatars/${uploadId}`;

const avatarUrlPattern = new RegExp(`^${apiPrefix}/avatars/([0-9a-f-]{36})$`);

/** The upload behind an avatar address this module gave out; undefined for none or one from elsewhere. */
const avatarUploadIdOf = (avatarUrl: string | null): string | undefined =>
  avatarUrlPattern.exec(avatarUrl ?? '')?.[1];

const isAcceptedType = (type: string | undefined): boolean =>
  uploadLimits.contentTypes.some((accepted) => accepted === type);

/**
 * The avatar as stored: turned upright by its EXIF orientation, cropped square from the centre, `avatarSize`
 * pixels a side, re-encoded as WebP without any of the sent file's metadata (a phone photo's place and time).
 * What sharp cannot decode is refused: the type was judged by the first bytes only.
 */
const encodeAvatar = async (bytes: Buffer): Promise<Buffer> => {
  try {
    return await sharp(bytes, { limitInputPixels: avatarPixelsAtMost })
      .rotate()
      .resize(avatarSize, avatarSize, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('UPLOAD_INVALID_TYPE', {
      message: 'The image could not be read; please send another png or jpg.',
    });
  }
};

export type AvatarDependencies = {
  db: Database;
  uploads: Pick<UploadService, 'store' | 'readOfPurpose'>;
  members: Pick<MemberService, 'lock' | 'findById' | 'update' | 'findByIds'>;
};

type AvatarOwner = { id: bigint; brandId: bigint };

/**
 * Replaces the member's avatar with the image sent (png or jpg judged by content, at most 5 MB). The new image is
 * stored first, counted against the member's upload bounds; the member's avatar address then changes under their
 * row's lock, audited, and the replaced image is handed back to the orphan purge, which deletes it a day after it
 * was made (the site may still show it until it reloads).
 */
const changeAvatar = async (
  deps: AvatarDependencies,
  member: AvatarOwner,
  origin: AuditOrigin,
  bytes: Buffer,
): Promise<{ avatarUrl: string }> => {
  if (bytes.length > uploadLimits.maxBytes) throw new AppError('UPLOAD_TOO_LARGE');
  if (!isAcceptedType(detectImageType(bytes))) throw new AppError('UPLOAD_INVALID_TYPE');
  const image = await encodeAvatar(bytes);
  const stored = await deps.uploads.store(
    { brandId: member.brandId, memberId: member.id },
    avatarPurpose,
    image,
  );
  const avatarUrl = avatarUrlOf(stored.id);
  await deps.db.transaction(async (tx) => {
    await deps.members.lock(tx, member.id);
    const previousUrl = (await deps.members.findById(member.id, tx))?.avatarUrl ?? null;
    await deps.members.update(tx, member.id, { avatarUrl });
    const previousUploadId = avatarUploadIdOf(previousUrl);
    if (previousUploadId !== undefined) await repository.releaseUpload(tx, previousUploadId, member.id);
    await recordAuditEvent(tx, {
      actor: { type: 'member', id: member.id.toString(), ...origin },
      action: 'member.avatar.update',
      entityType: 'member',
      entityId: member.id.toString(),
      before: { avatarUrl: previousUrl },
      after: { avatarUrl },
    });
  });
  return { avatarUrl };
};

/** Members' avatars: the change, the public read, and which uploads are someone's avatar now (the purge asks). */
export const createAvatars = (deps: AvatarDependencies) => ({
  change: (member: AvatarOwner, origin: AuditOrigin, bytes: Buffer) =>
    changeAvatar(deps, member, origin, bytes),

  /** An avatar's image by its upload id; NOT_FOUND for an id that is no avatar (a proof is never public). */
  read: (uploadId: string) => deps.uploads.readOfPurpose(uploadId, avatarPurpose),

  /** The uploads among `candidates` that are their member's avatar now; a replaced one is not. */
  findReferencedUploads: async (candidates: readonly UploadCandidate[]): Promise<string[]> => {
    const ownerIds = [
      ...new Set(candidates.flatMap(({ memberId }) => (memberId === null ? [] : [memberId]))),
    ];
    if (ownerIds.length === 0) return [];
    const owners = await deps.members.findByIds(ownerIds);
    const shown = new Set(owners.flatMap(({ avatarUrl }) => (avatarUrl === null ? [] : [avatarUrl])));
    return candidates.filter(({ id }) => shown.has(avatarUrlOf(id))).map(({ id }) => id);
  },
});

export type Avatars = ReturnType<typeof createAvatars>;
