import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, as a dual-stack socket reports it) as plain IPv4. */
const plainAddress = (address: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
};

const ruleList = (allowedIps: readonly string[]): BlockList => {
  const list = new BlockList();
  for (const entry of allowedIps) {
    const [network = '', prefix] = entry.split('/');
    const type = isIPv4(network) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(plainAddress(network), type);
    else list.addSubnet(network, Number(prefix), type);
  }
  return list;
};

/**
 * Whether a staff member with this allow-list (addresses and CIDR ranges; empty: any address) may work from
 * `address`.
 */
export const isAddressAllowed = (allowedIps: readonly string[], address: string): boolean => {
  if (allowedIps.length === 0) return true;
  const plain = plainAddress(address);
  const type = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : undefined;
  if (!type) return false;
  try {
    return ruleList(allowedIps).check(plain, type);
  } catch {
    return false;
  }
};
