import { countWords, feedbackImageLimit, type FeedbackSetting } from '@wps/contracts/feedback';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import type { MemberService } from '../members/members.service';
import type { SiteService } from '../site/site.service';
import type { UploadCandidate, UploadService } from '../uploads/uploads.service';
import * as repository from './feedback.repository';

export type FeedbackServiceDependencies = {
  db: Database;
  site: SiteService;
  uploads: UploadService;
  members: MemberService;
};

type FeedbackAuthor = { id: bigint; brandId: bigint; type: number };

/** The brand's word bounds and the image cap. */
const readFeedbackSetting = async (
  { site }: Pick<FeedbackServiceDependencies, 'site'>,
  visitor: VisitorContext,
): Promise<FeedbackSetting> => {
  const { brand } = await site.getBrandContext(visitor);
  return {
    minWords: brand.feedbackMinWords,
    maxWords: brand.feedbackMaxWords,
    maxImages: feedbackImageLimit,
  };
};

/** The images, once each, within the cap; every one must be the member's own feedback upload. */
const checkFeedbackImages = async (
  { uploads }: Pick<FeedbackServiceDependencies, 'uploads'>,
  member: FeedbackAuthor,
  imageIds: string[],
  setting: FeedbackSetting,
): Promise<string[]> => {
  const uploadIds = [...new Set(imageIds)];
  if (uploadIds.length > setting.maxImages) {
    throw new AppError('TOO_MANY_IMAGES', { details: { maxImages: setting.maxImages } });
  }
  for (const uploadId of uploadIds) {
    const upload = await uploads.findOwned(member.brandId, member.id, uploadId);
    if (upload?.purpose !== 'feedback') {
      throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'imageIds', message: 'invalid' }] });
    }
  }
  return uploadIds;
};

const submitFeedback = async (
  deps: FeedbackServiceDependencies,
  visitor: VisitorContext,
  member: FeedbackAuthor,
  body: { content: string; imageIds: string[] },
): Promise<{ id: string }> => {
  const setting = await readFeedbackSetting(deps, visitor);
  const words = countWords(body.content);
  if (words < setting.minWords || words > setting.maxWords) {
    throw new AppError('FEEDBACK_WORD_COUNT', {
      details: { minWords: setting.minWords, maxWords: setting.maxWords, words },
    });
  }
  const uploadIds = await checkFeedbackImages(deps, member, body.imageIds, setting);
  const id = await deps.db.transaction((tx) =>
    repository.insertFeedback(tx, {
      brandId: member.brandId,
      memberId: member.id,
      content: body.content,
      uploadIds,
    }),
  );
  return { id: id.toString() };
};

/** Staff's list, newest first; images are read through the back office's upload endpoint. */
const listFeedbackForStaff = async (
  { db, members }: Pick<FeedbackServiceDependencies, 'db' | 'members'>,
  page: { pageNo: number; pageSize: number },
) => {
  const [rows, total] = await Promise.all([
    repository.listFeedback(db, page.pageSize, (page.pageNo - 1) * page.pageSize),
    repository.countFeedback(db),
  ]);
  const authors = new Map(
    await Promise.all(
      [...new Set(rows.map((row) => row.memberId))].map(
        async (memberId) => [memberId, (await members.findById(memberId))?.username ?? ''] as const,
      ),
    ),
  );
  return {
    list: rows.map((row) => ({
      id: row.id.toString(),
      brandId: row.brandId.toString(),
      memberId: row.memberId.toString(),
      account: authors.get(row.memberId) ?? '',
      content: row.content,
      imageIds: row.uploadIds,
      createdAt: row.createdAt.toISOString(),
    })),
    totalPages: Math.ceil(total / page.pageSize),
  };
};

/** Feedback and complaints: text within the brand's word bounds and up to 3 images uploaded beforehand. */
export const createFeedbackService = (deps: FeedbackServiceDependencies) => ({
  getSetting: (visitor: VisitorContext) => readFeedbackSetting(deps, visitor),

  submit: (visitor: VisitorContext, member: FeedbackAuthor, body: { content: string; imageIds: string[] }) =>
    submitFeedback(deps, visitor, member, body),

  /** Staff's list, newest first; images are read through the back office's upload endpoint. */
  list: (page: { pageNo: number; pageSize: number }) => listFeedbackForStaff(deps, page),

  /** Which of these uploads are feedback images (the upload purge keeps them). */
  findReferencedUploads: (candidates: readonly UploadCandidate[]) =>
    repository.listReferencedUploads(
      deps.db,
      candidates.map((candidate) => candidate.id),
    ),
});

export type FeedbackService = ReturnType<typeof createFeedbackService>;
