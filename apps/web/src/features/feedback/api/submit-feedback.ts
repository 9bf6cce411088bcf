import type { ResponseValue } from '@wps/contracts/envelope';
import type { feedbackResponseSchema } from '@wps/contracts/feedback';
import { countWords, type FeedbackSetting } from '@wps/contracts/feedback';
import { uploadLimits } from '@wps/contracts/uploads';
import { apiRequest } from '../../../lib/api-client';
import { checkProofFile, uploadProof } from '../../payments/api/upload-proof';

/** For the file input's `accept`: png or jpg. */
export const feedbackImageAccept = uploadLimits.contentTypes.join(',');

export type FeedbackProblem =
  | { code: 'FEEDBACK_WORD_COUNT'; minWords: number; maxWords: number }
  | { code: 'TOO_MANY_IMAGES' | 'UPLOAD_TOO_LARGE' | 'UPLOAD_INVALID_TYPE'; fileName?: string };

/** The server's word bounds, checked before sending. */
export const checkFeedbackContent = (content: string, setting: FeedbackSetting): FeedbackProblem | null => {
  const words = countWords(content);
  return words < setting.minWords || words > setting.maxWords
    ? { code: 'FEEDBACK_WORD_COUNT', minWords: setting.minWords, maxWords: setting.maxWords }
    : null;
};

/**
 * Which of the chosen files may join the ones attached already: png or jpg of at most 5 MB, and no more than
 * the brand's image limit in all. Answers the accepted files and the first problem with the others.
 */
export const admitFeedbackImages = (
  attached: readonly File[],
  chosen: readonly File[],
  setting: FeedbackSetting,
): { accepted: File[]; problem: FeedbackProblem | null } => {
  const accepted: File[] = [];
  let problem: FeedbackProblem | null = null;
  for (const file of chosen) {
    const fileProblem = checkProofFile(file);
    if (fileProblem !== null) {
      problem ??= { code: fileProblem, fileName: file.name };
    } else if (attached.length + accepted.length >= setting.maxImages) {
      problem ??= { code: 'TOO_MANY_IMAGES', fileName: file.name };
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problem };
};

/** Uploads the images (purpose feedback), then sends the feedback that refers to them. */
export const submitFeedback = async (content: string, images: readonly File[]): Promise<{ id: string }> => {
  const imageIds: string[] = [];
  for (const image of images) imageIds.push(await uploadProof(image, 'feedback'));
  return apiRequest<ResponseValue<typeof feedbackResponseSchema>>('/feedback', {
    method: 'PUT',
    body: { content, imageIds },
  });
};
