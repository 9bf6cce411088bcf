import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * The file of a multipart upload (field "file") and its "purpose" field when sent; a file over the multipart
 * size limit is UPLOAD_TOO_LARGE. `TooLarge` is the multipart plugin's error of the scope the route is in.
 */
export const readUploadedFile = async (
  request: FastifyRequest,
  TooLarge: new () => Error,
): Promise<{ bytes: Buffer; purpose: string | undefined }> => {
  const file = await request.file();
  if (!file) throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'file', message: 'required' }] });
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if (error instanceof TooLarge) throw new AppError('UPLOAD_TOO_LARGE');
    throw error;
  }
  const purposeField = file.fields.purpose;
  const purpose =
    purposeField && !Array.isArray(purposeField) && purposeField.type === 'field'
      ? String(purposeField.value)
      : undefined;
  return { bytes, purpose };
};

/** Sends an uploaded image to the one who may see it: inline, never cached. */
export const sendImage = (reply: FastifyReply, image: { row: { contentType: string }; data: Buffer }) =>
  reply
    .header('content-type', image.row.contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .send(image.data);
