import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/app-error';
import type { UploadRow, UploadService } from '../uploads/uploads.service';

/**
 * A picture a loyalty record shows (a mall item's, a VIP level's icon) is an operator upload of the record's
 * brand (the operator's upload route makes it): another brand's upload, or none, is refused naming the field.
 */
export const checkBrandUpload = async (
  uploads: Pick<UploadService, 'read'>,
  brandId: bigint,
  uploadId: string | null,
  field: string,
): Promise<void> => {
  if (uploadId === null) return;
  const upload = await uploads.read(uploadId).catch(() => undefined);
  if (!upload || upload.row.brandId !== brandId) {
    const message = 'No such image on this brand.';
    throw new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });
  }
};

/**
 * Sends a picture to anyone on the brand's site. Its URL names the upload (`?v=`), so a changed picture is a new
 * URL and a day's caching is safe.
 */
export const sendBrandUpload = (reply: FastifyReply, { row, data }: { row: UploadRow; data: Buffer }) =>
  reply
    .header('content-type', row.contentType)
    .header('cache-control', 'public, max-age=86400')
    .header('content-disposition', 'inline')
    .send(data);
