import type { MallItem } from '@wps/contracts/loyalty-points';
import { AppError } from '../../../http/app-error';
import * as repository from '../points.repository';
import { mallItemView } from './point-views';
import type { PointsDependencies, PointsMember } from './points-types';

/** The mall as the member sees it: live items with stock left that their VIP rank reaches. */
export const listMallItems = async (
  deps: Pick<PointsDependencies, 'db' | 'ledger'>,
  member: PointsMember,
  language: string,
): Promise<MallItem[]> => {
  const rank = (await repository.findRanks(deps.db, [member.memberId])).get(member.memberId) ?? 0;
  const items = await repository.listLiveItems(deps.db, member.brandId, rank);
  const redeemed = await repository.countRedeemedByMember(deps.db, member.memberId);
  const exponent = await deps.ledger.getCurrencyExponent(member.currency);
  return items.map((item) => mallItemView(item, exponent, language, redeemed.get(item.id) ?? 0));
};

/** The picture of an item the site shows (live), for anyone on the brand's site. */
export const readMallItemImage = async (
  deps: Pick<PointsDependencies, 'db' | 'uploads'>,
  brandId: bigint,
  itemId: bigint,
) => {
  const item = await repository.findItem(deps.db, brandId, itemId);
  if (!item || item.status !== 'live' || item.imageUploadId === null) throw new AppError('NOT_FOUND');
  return deps.uploads.read(item.imageUploadId);
};
