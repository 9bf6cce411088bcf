import { type SystemStatus, SystemStatusValue } from '@wps/contracts/site';
import type { VisitorContext } from '../../http/request-context';
import { readBrandSnapshot } from './brand-snapshots';
import { lookupCountry } from './geo-location';
import type { SiteContext } from './site-context';
import type { BrandRow } from './site.repository';

/** Region restriction wins over maintenance: a blocked visitor may not use the site even once it reopens. */
export const decideSystemStatus = (brand: BrandRow, countryCode: string | null): SystemStatus => {
  if (countryCode !== null && brand.blockedCountries.includes(countryCode)) {
    return SystemStatusValue.regionRestricted;
  }
  return brand.status === SystemStatusValue.maintenance
    ? SystemStatusValue.maintenance
    : SystemStatusValue.normal;
};

/** Whether the visitor may use the brand's site now: open, under maintenance, or closed to their region. */
export const readSystemStatus = async (
  context: Pick<SiteContext, 'snapshots'>,
  visitor: VisitorContext,
): Promise<SystemStatus> =>
  decideSystemStatus((await readBrandSnapshot(context, visitor)).brand, lookupCountry(visitor.ip));
