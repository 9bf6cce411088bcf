import * as repository from '../vendor-wallet.repository';
import { parsePublicKey } from '../wallet-signing';
import type { GameEntry, Party, VendorEntry, WalletCallContext } from './wallet-context';

const memberIdPattern = /^[1-9]\d{0,18}$/;
const maxMemberId = 9_223_372_036_854_775_807n;

export const findVendor = async (
  { db, caches }: Pick<WalletCallContext, 'db' | 'caches'>,
  code: string,
): Promise<VendorEntry | undefined> => {
  const cached = caches.vendors.get(code);
  if (cached) return cached;
  const row = await repository.findVendorByCode(db, code);
  if (!row) return undefined;
  const entry: VendorEntry = {
    id: row.id,
    code: row.code,
    isUsable: row.isEnabled && row.integration === 'seamless',
    publicKey: parsePublicKey(row.walletPublicKey),
  };
  caches.vendors.set(code, entry);
  return entry;
};

export const findGame = async (
  { db, caches }: Pick<WalletCallContext, 'db' | 'caches'>,
  vendor: VendorEntry,
  gameCode: string,
): Promise<GameEntry | undefined> => {
  const key = `${vendor.id}:${gameCode}`;
  const cached = caches.gameEntries.get(key);
  if (cached) return cached;
  const row = await repository.findGame(db, vendor.id, gameCode);
  if (row) caches.gameEntries.set(key, row);
  return row;
};

/** Launch sessions are never changed once written, so a found one is kept a while (its expiry still counts). */
export const findSession = async (
  { db, caches }: Pick<WalletCallContext, 'db' | 'caches'>,
  tokenHash: string,
): Promise<repository.WalletSessionRow | undefined> => {
  const cached = caches.sessions.get(tokenHash);
  if (cached) return cached;
  const row = await repository.findSessionByTokenHash(db, tokenHash);
  if (row) caches.sessions.set(tokenHash, row);
  return row;
};

type FindPartyContext = Pick<
  WalletCallContext,
  'members' | 'protection' | 'brandCurrency' | 'ledger' | 'caches'
>;

/** The member named by `user`, with their wallet currency; undefined for anyone we do not know. */
export const findParty = async (
  { members, protection, brandCurrency, ledger, caches }: FindPartyContext,
  user: string,
): Promise<Party | undefined> => {
  if (!memberIdPattern.test(user) || BigInt(user) > maxMemberId) return undefined;
  // Kept 2 s from the read (not from the last use), so a disabled or excluded member is refused within 2 s: an
  // exclusion kills every launch token the member holds (their site sessions end with it).
  let member = caches.knownMembers.get(user);
  if (!member) {
    const id = BigInt(user);
    const [row, isExcluded] = await Promise.all([members.findById(id), protection.isPlayBlocked(id)]);
    if (!row) return undefined;
    member = { id: row.id, brandId: row.brandId, status: row.status, isExcluded };
    caches.knownMembers.set(user, member);
  }
  const brandKey = member.brandId.toString();
  let currency = caches.currencies.get(brandKey);
  if (currency === undefined) {
    currency = await brandCurrency(member.brandId);
    if (currency === undefined) return undefined;
    caches.currencies.set(brandKey, currency);
  }
  const exponent = await ledger.getCurrencyExponent(currency);
  return { member, currency, exponent };
};
