import { staffUploadLimits } from '@wps/contracts/uploads';
import sharp from 'sharp';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuditActor } from '../audit/audit.service';
import type { FastifyRequest } from 'fastify';
import type { SiteService } from '../site/site.service';
import * as repository from './uploads.repository';
import { brandLogoPurpose, detectImageType, type UploadService } from './uploads.service';

/**
 * The stored logo fits in this box: three times the header's 44 px on a sharp screen, and wide enough for a
 * long wordmark. A smaller image is kept at its size.
 */
const logoBox = { width: 600, height: 132 };
/** Refused before decoding, as avatars are: a small png can hold far more pixels than memory. */
const logoPixelsAtMost = 50_000_000;

const isAcceptedType = (type: string | undefined): boolean =>
  staffUploadLimits.contentTypes.some((accepted) => accepted === type);

/**
 * The logo as stored: upright by its EXIF orientation, shrunk into `logoBox`, re-encoded as WebP (transparency
 * kept) without the sent file's metadata. What sharp cannot decode is refused: the type was judged by the first
 * bytes only. No svg: a script inside it would run on the brand's site.
 */
const encodeLogo = async (bytes: Buffer): Promise<Buffer> => {
  try {
    return await sharp(bytes, { limitInputPixels: logoPixelsAtMost })
      .rotate()
      .resize({ ...logoBox, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    throw new AppError('UPLOAD_INVALID_TYPE', {
      message: 'The image could not be read; please send another png, jpg or webp.',
    });
  }
};

export type BrandLogoDependencies = {
  db: Database;
  uploads: Pick<UploadService, 'store' | 'readOfPurpose'>;
  site: Pick<SiteService, 'setBrandLogo'>;
};

/** The brand the request selects (the site's brand guard). */
type Brand = Pick<FastifyRequest['brand'], 'id' | 'merchantCode' | 'logoUploadId'>;

/**
 * A brand's logo: the operator's image (png, jpg or webp judged by content) re-encoded and stored as their
 * upload, then shown through the site's settings (audited there). The logo it replaces goes back to the orphan
 * purge, which deletes it a day after it was made.
 */
export const createBrandLogos = (deps: BrandLogoDependencies) => {
  const show = async (actor: AuditActor, brand: Brand, logoUploadId: string | null) => {
    const settings = await deps.site.setBrandLogo(actor, brand, logoUploadId);
    if (brand.logoUploadId !== null && brand.logoUploadId !== logoUploadId) {
      await repository.releaseBrandUpload(deps.db, brand.logoUploadId, brand.id);
    }
    return settings;
  };

  return {
    change: async (actor: AuditActor, brand: Brand, staffId: bigint, bytes: Buffer) => {
      if (bytes.length > staffUploadLimits.maxBytes) throw new AppError('UPLOAD_TOO_LARGE');
      if (!isAcceptedType(detectImageType(bytes))) throw new AppError('UPLOAD_INVALID_TYPE');
      const stored = await deps.uploads.store(
        { brandId: brand.id, staffId },
        brandLogoPurpose,
        await encodeLogo(bytes),
      );
      return show(actor, brand, stored.id);
    },

    /** Back to the site name as text. */
    remove: (actor: AuditActor, brand: Brand) => show(actor, brand, null),

    /**
     * A logo by its upload id, for anyone (a logo is public; the console's preview loads it from any host);
     * NOT_FOUND for an id that is no logo. A replaced one is there until the purge deletes it.
     */
    read: (uploadId: string) => deps.uploads.readOfPurpose(uploadId, brandLogoPurpose),
  };
};

export type BrandLogos = ReturnType<typeof createBrandLogos>;
