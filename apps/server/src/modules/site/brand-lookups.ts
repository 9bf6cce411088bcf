import type { VisitorContext } from '../../http/request-context';
import { AppError } from '../../http/app-error';
import type { SiteServiceDependencies } from './site-context';
import * as repository from './site.repository';
import type { BrandRow } from './site.repository';

/** The host without its port, in lower case: how brands' domains are kept. */
export const hostName = (host: string): string => host.replace(/:\d+$/, '').toLowerCase();

/** The merchant header wins, then the host name, then the platform's default brand. */
export const findVisitorBrand = async (
  { db, defaultMerchant }: SiteServiceDependencies,
  { merchantCode, host }: Pick<VisitorContext, 'merchantCode' | 'host'>,
): Promise<BrandRow> => {
  const brand = merchantCode
    ? await repository.findBrandByMerchantCode(db, merchantCode)
    : ((await repository.findBrandByDomain(db, hostName(host))) ??
      (await repository.findBrandByMerchantCode(db, defaultMerchant)));
  if (!brand) throw new AppError('BRAND_NOT_FOUND');
  return brand;
};

/** Every brand's id and time zone, by id (jobs that act for every brand on its own clock). */
export const listBrandTimeZones = ({
  db,
}: Pick<SiteServiceDependencies, 'db'>): Promise<Array<{ id: bigint; timeZone: string }>> =>
  repository.listBrandTimeZones(db);

/** A brand's wallet currency, for calls that arrive without a visitor (vendor wallet callbacks). */
export const findBrandCurrency = async (
  { db }: Pick<SiteServiceDependencies, 'db'>,
  brandId: bigint,
): Promise<string | undefined> => (await repository.findBrandById(db, brandId))?.currency;
