import { isWhitelabelEnabled, type RegisterSetting, type WhitelabelFlag } from '@wps/contracts/site';
import type { VisitorContext } from '../../http/request-context';
import { readBrandSnapshot } from './brand-snapshots';
import type { SiteContext } from './site-context';
import type { BrandRow } from './site.repository';

export type BrandContext = {
  brand: BrandRow;
  register: RegisterSetting;
  isEnabled: (flag: WhitelabelFlag) => boolean;
};

/** The brand with its whitelabel flags and register rules, for the domains that act on a visitor's behalf. */
export const readBrandContext = async (
  context: Pick<SiteContext, 'snapshots'>,
  visitor: VisitorContext,
): Promise<BrandContext> => {
  const snapshot = await readBrandSnapshot(context, visitor);
  return {
    brand: snapshot.brand,
    register: snapshot.register,
    isEnabled: (flag) => isWhitelabelEnabled(snapshot.whitelabel, flag),
  };
};
