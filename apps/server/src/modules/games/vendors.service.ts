import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import type { VendorSummary, vendorRegistrationSchema, vendorUpdateSchema } from '@wps/contracts/games-admin';
import { searchableName } from '@wps/contracts/games';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import * as repository from './vendors.repository';
import type { GameValues, TileValues, VendorRow } from './vendors.repository';

export type VendorRegistrationData = z.output<typeof vendorRegistrationSchema>;
export type VendorUpdateData = z.output<typeof vendorUpdateSchema>;
type GameData = VendorRegistrationData['games'][number];
type TileData = VendorRegistrationData['tiles'][number];

/** The smallest RSA modulus accepted for a vendor's wallet key. */
const minimumModulusBits = 2_048;

const invalidKey = (message: string): AppError =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'walletPublicKey', message }] });

/**
 * A vendor's wallet key as SPKI PEM: it must be an RSA public key of at least 2,048 bits (PEM, SPKI or PKCS#1).
 * A private key is refused outright, even though the public half could be derived from it: it must never
 * have been sent.
 */
export const normaliseWalletPublicKey = (pem: string): string => {
  if (/PRIVATE KEY/.test(pem)) throw invalidKey('This is a private key: send only the public key.');
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem.trim(), format: 'pem' });
  } catch {
    throw invalidKey('Not a PEM public key.');
  }
  if (key.asymmetricKeyType !== 'rsa') throw invalidKey('The wallet key must be an RSA key.');
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < minimumModulusBits)
    throw invalidKey(`The RSA key must have at least ${minimumModulusBits} bits.`);
  return key.export({ type: 'spki', format: 'pem' }).toString();
};

/** SHA-256 of the key's DER (SPKI), what operators compare with the vendor's own record. */
export const walletKeyFingerprint = (pem: string | null): string | null => {
  if (pem === null) return null;
  try {
    const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
    return createHash('sha256').update(der).digest('hex');
  } catch {
    return null;
  }
};

const toGameValues = (vendorId: bigint, isDemo: boolean, game: GameData): GameValues => ({
  vendorId,
  gameType: game.gameType,
  gameCode: game.gameCode,
  name: game.name,
  searchName: searchableName(game.name),
  classify: game.classify,
  isHot: game.isHot,
  isNew: game.isNew,
  hasTrial: game.hasTrial,
  sortOrder: game.sortOrder,
  isEnabled: game.isEnabled,
  iconUrl: game.iconUrl ?? null,
  largeIconUrl: game.largeIconUrl ?? null,
  isDemo,
});

const toTileValues = (vendorId: bigint, tile: TileData): TileValues => ({ vendorId, ...tile });

/** Tiles, then the default tile of every game type whose games arrived without one (existing tiles stay). */
const writeTilesAndGames = async (
  executor: Executor,
  vendor: VendorRow,
  tiles: readonly TileData[] | undefined,
  games: readonly GameData[] | undefined,
): Promise<void> => {
  if (tiles)
    await repository.upsertTiles(
      executor,
      tiles.map((tile) => toTileValues(vendor.id, tile)),
    );
  if (!games || games.length === 0) return;
  const withTile = new Set((tiles ?? []).map((tile) => tile.gameType));
  const missing = [...new Set(games.map((game) => game.gameType))].filter((type) => !withTile.has(type));
  await repository.insertMissingTiles(
    executor,
    missing.map((gameType) => ({
      vendorId: vendor.id,
      gameType,
      sortOrder: 100,
      accountTypeName: vendor.code,
    })),
  );
  await repository.upsertGames(
    executor,
    games.map((game) => toGameValues(vendor.id, vendor.isDemo, game)),
  );
};

/**
 * Registers a vendor with its tiles and games: `add` refuses a code that exists (VENDOR_EXISTS), `upsert`
 * replaces the vendor's fields and adds or changes the games listed (games not listed are left alone). Runs in
 * the caller's transaction.
 */
export const registerVendor = async (
  executor: Executor,
  input: VendorRegistrationData,
  { mode }: { mode: 'add' | 'upsert' },
): Promise<VendorRow> => {
  const walletPublicKey =
    input.walletPublicKey === undefined ? null : normaliseWalletPublicKey(input.walletPublicKey);
  const values = {
    code: input.code,
    displayName: input.displayName,
    integration: input.integration,
    walletPublicKey,
    launchUrl: input.launchUrl ?? null,
    isDemo: input.isDemo,
    isEnabled: input.isEnabled,
  };
  let vendor = await repository.insertVendor(executor, values);
  if (!vendor) {
    if (mode === 'add') throw new AppError('VENDOR_EXISTS');
    const existing = await repository.findVendorByCode(executor, input.code, true);
    if (!existing) throw new AppError('VENDOR_EXISTS');
    // An upsert keeps the key and launch URL it was not given.
    vendor =
      (await repository.updateVendor(executor, existing.id, {
        ...values,
        walletPublicKey: walletPublicKey ?? undefined,
        launchUrl: input.launchUrl,
      })) ?? existing;
  }
  await writeTilesAndGames(executor, vendor, input.tiles, input.games);
  return vendor;
};

/** The end kept with a maintenance switch: none when it is off; one already past is refused when switching on. */
const maintenanceEndOf = ({ isOn, endsAt }: NonNullable<VendorUpdateData['maintenance']>): Date | null => {
  if (!isOn || endsAt === null) return null;
  const end = new Date(endsAt);
  if (end.getTime() <= Date.now()) {
    const message = 'The end of the maintenance must be ahead.';
    throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'maintenance.endsAt', message }] });
  }
  return end;
};

/** Maintenance as operators see it: the switch, its end, and whether it holds now. */
export const maintenanceOf = (vendor: Pick<VendorRow, 'isUnderMaintenance' | 'maintenanceEndsAt'>) => ({
  isOn: vendor.isUnderMaintenance,
  endsAt: vendor.maintenanceEndsAt?.toISOString() ?? null,
  isActive:
    vendor.isUnderMaintenance &&
    (vendor.maintenanceEndsAt === null || vendor.maintenanceEndsAt.getTime() > Date.now()),
});

/** An operator's change to a vendor (NOT_FOUND for an unknown code); runs in the caller's transaction. */
export const updateVendor = async (
  executor: Executor,
  code: string,
  patch: VendorUpdateData,
): Promise<VendorRow> => {
  const existing = await repository.findVendorByCode(executor, code, true);
  if (!existing) throw new AppError('NOT_FOUND', { message: `No vendor ${code}.` });
  const vendor =
    (await repository.updateVendor(executor, existing.id, {
      displayName: patch.displayName,
      walletPublicKey:
        patch.walletPublicKey === undefined || patch.walletPublicKey === null
          ? patch.walletPublicKey
          : normaliseWalletPublicKey(patch.walletPublicKey),
      launchUrl: patch.launchUrl,
      isEnabled: patch.isEnabled,
      isUnderMaintenance: patch.maintenance?.isOn,
      maintenanceEndsAt: patch.maintenance === undefined ? undefined : maintenanceEndOf(patch.maintenance),
    })) ?? existing;
  await writeTilesAndGames(executor, vendor, patch.tiles, patch.games);
  return vendor;
};

const summariesOf = async (executor: Executor, only?: bigint): Promise<VendorSummary[]> => {
  const [vendors, tiles, counts] = await Promise.all([
    repository.listVendors(executor),
    repository.listAllTiles(executor),
    repository.countGamesByVendor(executor),
  ]);
  return vendors
    .filter((vendor) => only === undefined || vendor.id === only)
    .map((vendor) => ({
      code: vendor.code,
      displayName: vendor.displayName,
      integration: vendor.integration,
      isEnabled: vendor.isEnabled,
      isDemo: vendor.isDemo,
      launchUrl: vendor.launchUrl,
      walletKeyFingerprint: walletKeyFingerprint(vendor.walletPublicKey),
      maintenance: maintenanceOf(vendor),
      tiles: tiles
        .filter((tile) => tile.vendorId === vendor.id)
        .map(({ gameType, sortOrder, opensGameList, freeplay, accountTypeName, isEnabled }) => ({
          gameType,
          sortOrder,
          opensGameList,
          freeplay,
          accountTypeName,
          isEnabled,
        })),
      gameCount: counts.get(vendor.id)?.total ?? 0,
      enabledGameCount: counts.get(vendor.id)?.enabled ?? 0,
    }));
};

const summaryOf = async (executor: Executor, vendorId: bigint): Promise<VendorSummary> => {
  const [summary] = await summariesOf(executor, vendorId);
  if (!summary) throw new AppError('NOT_FOUND');
  return summary;
};

/**
 * Vendors for operators (API and command line): list, add, update, each change audited in its transaction
 * with the vendor before and after (never the key itself, only its fingerprint).
 */
export const createVendorService = ({
  db,
  onCatalogueChange = () => undefined,
}: {
  db: Database;
  /** Called after a change commits, so cached catalogue answers are dropped at once. */
  onCatalogueChange?: () => void;
}) => ({
  list: (): Promise<VendorSummary[]> => summariesOf(db),
  /** The vendors' launch origins and their games' artwork hosts: what the site's pages may frame and show. */
  externalOrigins: () => repository.listExternalOrigins(db),

  add: async (actor: AuditActor, input: VendorRegistrationData): Promise<VendorSummary> => {
    const summary = await db.transaction(async (tx) => {
      const vendor = await registerVendor(tx, input, { mode: 'add' });
      const after = await summaryOf(tx, vendor.id);
      await recordAuditEvent(tx, {
        actor,
        action: 'games.vendor.add',
        entityType: 'game_vendor',
        entityId: vendor.code,
        after: { ...after, gamesWritten: input.games.length },
      });
      return after;
    });
    if (input.games.length > 0) await repository.analyzeCatalogue(db);
    onCatalogueChange();
    return summary;
  },

  update: async (actor: AuditActor, code: string, patch: VendorUpdateData): Promise<VendorSummary> => {
    const summary = await db.transaction(async (tx) => {
      const existing = await repository.findVendorByCode(tx, code, true);
      if (!existing) throw new AppError('NOT_FOUND', { message: `No vendor ${code}.` });
      const before = await summaryOf(tx, existing.id);
      const vendor = await updateVendor(tx, code, patch);
      const after = await summaryOf(tx, vendor.id);
      await recordAuditEvent(tx, {
        actor,
        action: 'games.vendor.update',
        entityType: 'game_vendor',
        entityId: vendor.code,
        before,
        after: { ...after, gamesWritten: patch.games?.length ?? 0 },
      });
      return after;
    });
    if ((patch.games?.length ?? 0) > 0) await repository.analyzeCatalogue(db);
    onCatalogueChange();
    return summary;
  },
});

export type VendorService = ReturnType<typeof createVendorService>;
