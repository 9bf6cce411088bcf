import { bannerImagePath } from '@wps/contracts/content';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { UploadRow, UploadService } from '../uploads/uploads.service';
import * as repository from './content.repository';

/**
 * Banner pictures operators upload (the staff upload route): a banner shows one by its path
 * (`bannerImagePath`). Players get the picture while a banner of the brand shows it; the upload purge keeps
 * those a banner shows.
 */
export const createBannerImages = ({
  db,
  uploads,
}: {
  db: Database;
  uploads: Pick<UploadService, 'read'>;
}) => ({
  /** The picture, when a banner of this brand shows it and it is this brand's upload; NOT_FOUND otherwise. */
  read: async (brandId: bigint, uploadId: string): Promise<{ row: UploadRow; data: Buffer }> => {
    if (!(await repository.bannerShowsImage(db, brandId, bannerImagePath(uploadId)))) {
      throw new AppError('NOT_FOUND');
    }
    const upload = await uploads.read(uploadId);
    if (upload.row.brandId !== brandId) throw new AppError('NOT_FOUND');
    return upload;
  },

  /** Which of these uploads a banner shows (the upload purge keeps them). */
  findReferencedUploads: async (candidates: readonly { id: string }[]): Promise<string[]> => {
    const byPath = new Map(candidates.map((candidate) => [bannerImagePath(candidate.id), candidate.id]));
    const shown = await repository.listShownBannerImages(db, [...byPath.keys()]);
    return shown.flatMap((path) => byPath.get(path) ?? []);
  },
});

export type BannerImages = ReturnType<typeof createBannerImages>;
