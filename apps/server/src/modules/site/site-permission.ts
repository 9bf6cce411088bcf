import { brandLogoPath } from '@wps/contracts/brand-look';
import { isLanguageCode, type Permission, SystemStatusValue } from '@wps/contracts/site';
import type { VisitorContext } from '../../http/request-context';
import { readBrandSnapshot } from './brand-snapshots';
import { lookupCountry } from './geo-location';
import { dialingCodeOf } from '@wps/contracts/phone-numbers';
import type { SiteContext } from './site-context';
import { decideSystemStatus, isUnderMaintenance } from './system-status';

/** The permission document the site loads first: the brand's configuration, the visitor's place and status. */
export const readPermission = async (
  context: Pick<SiteContext, 'snapshots'>,
  visitor: VisitorContext,
): Promise<Permission> => {
  const { brand, customerService, domainRoute, resources, whitelabel, register } = await readBrandSnapshot(
    context,
    visitor,
  );
  const countryCode = lookupCountry(visitor.ip);
  const now = new Date();
  const status = decideSystemStatus(brand, countryCode, now);
  return {
    merchantCode: brand.merchantCode,
    siteName: brand.siteName,
    status,
    info: {
      customerService,
      domainRoute,
      resources,
      whitelabel,
      register,
      mainDomain: brand.mainDomain,
      analytics: { gtagId: brand.gtagId },
      imageCDNs: brand.imageCdns,
      launchGameCDNs: brand.launchGameCdns,
      currency: brand.currency,
      currencySymbol: brand.currencySymbol,
      palette: brand.palette ?? null,
      fonts: brand.fonts,
      logoUrl: brand.logoUploadId === null ? null : brandLogoPath(brand.logoUploadId),
      languages: {
        supported: brand.supportedLanguages.filter(isLanguageCode),
        default: isLanguageCode(brand.defaultLanguage) ? brand.defaultLanguage : 'EN',
      },
    },
    location: { ip: visitor.ip, countryCode, dialingCode: dialingCodeOf(countryCode) },
    maintenance: {
      enabled: isUnderMaintenance(brand, now),
      endTime: brand.maintenanceEndsAt?.toISOString() ?? null,
    },
    regionRestriction: { restricted: status === SystemStatusValue.regionRestricted },
  };
};
