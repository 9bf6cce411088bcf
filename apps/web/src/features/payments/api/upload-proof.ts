import type { ResponseValue } from '@wps/contracts/envelope';
import type { uploadResponseSchema } from '@wps/contracts/uploads';
import { uploadLimits, type UploadPurpose } from '@wps/contracts/uploads';
import { apiRequest } from '../../../lib/api-client';

const acceptedTypes: readonly string[] = uploadLimits.contentTypes;

/** For the file input's `accept`. */
export const proofAccept = uploadLimits.contentTypes.join(',');

/** Why the browser refuses a proof file before any upload. */
export type ProofProblem = 'UPLOAD_INVALID_TYPE' | 'UPLOAD_TOO_LARGE';

/** The browser's own check before sending (the server judges the content again). */
export const checkProofFile = (file: File): ProofProblem | null => {
  if (!acceptedTypes.includes(file.type)) return 'UPLOAD_INVALID_TYPE';
  if (file.size > uploadLimits.maxBytes) return 'UPLOAD_TOO_LARGE';
  return null;
};

/** Uploads a proof image (multipart) and returns its id. */
export const uploadProof = async (file: File, purpose: UploadPurpose): Promise<string> => {
  const form = new FormData();
  // The purpose goes before the file: the server reads the fields that precede the file part.
  form.append('purpose', purpose);
  form.append('file', file, file.name);
  const upload = await apiRequest<ResponseValue<typeof uploadResponseSchema>>('/member/uploads', {
    method: 'POST',
    multipart: form,
  });
  return upload.id;
};
