import { isIP } from 'node:net';
import geoip from 'geoip-country';

/**
 * Country of an address from the GeoLite2 country data shipped inside the geoip-country package (no network
 * at run time). Private, loopback and unknown addresses have no country.
 */
export const lookupCountry = (ip: string): string | null => {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(address) === 0) return null;
  return geoip.lookup(address)?.country ?? null;
};
