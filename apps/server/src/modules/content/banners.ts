import type { Banner, BannerGroup } from '@wps/contracts/content';
import { cachedAnswer, type ContentContext } from './content-context';
import { toBanner } from './content-views';
import * as repository from './content.repository';

/** The brand's banners showing now in a language, of the groups named (every group when none). */
export const listLiveBanners = (
  { db, now }: Pick<ContentContext, 'db' | 'now'>,
  brandId: bigint,
  language: string,
  groupNames?: readonly BannerGroup[],
): Promise<Banner[]> =>
  repository
    .listLiveBanners(db, brandId, { language, now: now(), ...(groupNames ? { groupNames } : {}) })
    .then((rows) => rows.map(toBanner));

/** One group's banners for the site (cached briefly). */
export const listBanners = (
  context: ContentContext,
  brandId: bigint,
  groupName: BannerGroup,
  language: string,
): Promise<{ list: Banner[] }> =>
  cachedAnswer(context, `banners|${brandId}|${groupName}|${language}`, async () => ({
    list: await listLiveBanners(context, brandId, language, [groupName]),
  }));
