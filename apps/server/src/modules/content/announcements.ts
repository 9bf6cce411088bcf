import type { Announcement, AnnouncementType, Content, ContentType, Execution } from '@wps/contracts/content';
import { listLiveBanners } from './banners';
import { cachedAnswer, type ContentContext } from './content-context';
import { toAnnouncement } from './content-views';
import * as repository from './content.repository';

/** Which announcement type answers which part of the content call. */
const contentParts: ReadonlyArray<[Exclude<ContentType, 'B'>, 'notices' | 'popup' | 'promotion' | 'help']> = [
  ['PL', 'notices'],
  ['PU', 'popup'],
  ['PR', 'promotion'],
  ['H', 'help'],
];

/** Types listed on the announcements page (MCSFE_getListAnnouncements). */
const listedTypes: readonly AnnouncementType[] = ['PL', 'PU', 'PR'];

export type ContentRequest = { types: readonly ContentType[]; execution: Execution; language: string };
export type AnnouncementListRequest = {
  pageNo: number;
  pageSize: number;
  language: string;
  execution?: Execution | undefined;
};

/** The site's content call: the banners and the announcements of each type asked for (cached briefly). */
export const getContent = (
  context: ContentContext,
  brandId: bigint,
  request: ContentRequest,
): Promise<Content> =>
  cachedAnswer(
    context,
    `content|${brandId}|${request.types.join(',')}|${request.execution}|${request.language}`,
    async () => {
      const { db, now } = context;
      const content: Content = { banners: [], notices: [], popup: [], promotion: [], help: [] };
      if (request.types.includes('B'))
        content.banners = await listLiveBanners(context, brandId, request.language);
      for (const [type, part] of contentParts) {
        if (!request.types.includes(type)) continue;
        const rows = await repository.listLiveAnnouncements(db, brandId, {
          types: [type],
          language: request.language,
          now: now(),
          // The popup is chosen by audience; notices, promotions and help notices are for everyone.
          ...(type === 'PU' ? { execution: request.execution } : {}),
        });
        content[part] = rows.map(toAnnouncement);
      }
      return content;
    },
  );

/** The announcements page: notices, popups and promotions showing now, a page at a time (cached briefly). */
export const listAnnouncements = (
  context: ContentContext,
  brandId: bigint,
  request: AnnouncementListRequest,
): Promise<{ list: Announcement[]; pageNum: number; totalPages: number; total: number }> =>
  cachedAnswer(
    context,
    `announcements|${brandId}|${request.pageNo}|${request.pageSize}|${request.language}|${request.execution ?? ''}`,
    async () => {
      const { db, now } = context;
      const filter = {
        types: listedTypes,
        language: request.language,
        now: now(),
        ...(request.execution ? { execution: request.execution } : {}),
      };
      const [rows, total] = await Promise.all([
        repository.listLiveAnnouncements(db, brandId, filter, {
          limit: request.pageSize,
          offset: (request.pageNo - 1) * request.pageSize,
        }),
        repository.countLiveAnnouncements(db, brandId, filter),
      ]);
      return {
        list: rows.map(toAnnouncement),
        pageNum: request.pageNo,
        totalPages: Math.ceil(total / request.pageSize),
        total,
      };
    },
  );
