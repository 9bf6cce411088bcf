import { type SystemStatus, SystemStatusValue } from '@wps/contracts/site';
import type { VisitorContext } from '../../http/request-context';
import { readBrandSnapshot } from './brand-snapshots';
import { lookupCountry } from './geo-location';
import type { SiteContext } from './site-context';
import type { BrandRow } from './site.repository';

/**
 * Whether the site shows maintenance now: the operator put it into maintenance and its end time (if one was
 * set) has not passed. The site reopens by itself at the end time, with no one to switch it back.
 */
export const isUnderMaintenance = (
  brand: Pick<BrandRow, 'status' | 'maintenanceEndsAt'>,
  now: Date = new Date(),
): boolean =>
  brand.status === SystemStatusValue.maintenance &&
  (brand.maintenanceEndsAt === null || brand.maintenanceEndsAt > now);

/** Region restriction wins over maintenance: a blocked visitor may not use the site even once it reopens. */
export const decideSystemStatus = (
  brand: BrandRow,
  countryCode: string | null,
  now: Date = new Date(),
): SystemStatus => {
  if (countryCode !== null && brand.blockedCountries.includes(countryCode)) {
    return SystemStatusValue.regionRestricted;
  }
  return isUnderMaintenance(brand, now) ? SystemStatusValue.maintenance : SystemStatusValue.normal;
};

/** Whether the visitor may use the brand's site now: open, under maintenance, or closed to their region. */
export const readSystemStatus = async (
  context: Pick<SiteContext, 'snapshots'>,
  visitor: VisitorContext,
): Promise<SystemStatus> =>
  decideSystemStatus((await readBrandSnapshot(context, visitor)).brand, lookupCountry(visitor.ip));
