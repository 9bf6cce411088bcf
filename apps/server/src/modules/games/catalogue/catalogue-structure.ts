import { categoryOf, vendorCodeForLanguage } from '@wps/contracts/games';
import type { Database } from '../../../db/database';
import * as repository from '../catalogue.repository';
import type { CatalogueTileRow, CatalogueVendorRow } from '../catalogue.repository';

/** A vendor tile that players see: vendor and tile enabled. */
export type LiveTile = CatalogueTileRow & { vendor: CatalogueVendorRow; category: string };

export type CatalogueStructure = {
  vendors: ReadonlyMap<bigint, CatalogueVendorRow>;
  /** Live tiles in display order. */
  tiles: readonly LiveTile[];
  tileOf: ReadonlyMap<string, LiveTile>;
};

export const tileKey = (vendorId: bigint, gameType: string): string => `${vendorId.toString()}:${gameType}`;

export const loadCatalogueStructure = async (db: Database): Promise<CatalogueStructure> => {
  const [vendorRows, tileRows] = await Promise.all([
    repository.listCatalogueVendors(db),
    repository.listCatalogueTiles(db),
  ]);
  const vendors = new Map(vendorRows.map((vendor) => [vendor.id, vendor]));
  const tiles: LiveTile[] = [];
  for (const tile of tileRows) {
    const vendor = vendors.get(tile.vendorId);
    if (!vendor?.isEnabled || !tile.isEnabled) continue;
    tiles.push({ ...tile, vendor, category: categoryOf(tile.gameType, vendor.code) });
  }
  return {
    vendors,
    tiles,
    tileOf: new Map(tiles.map((tile) => [tileKey(tile.vendorId, tile.gameType), tile])),
  };
};

/** Does a vendor answer to the code the site sent (its own, or the shared code of its language)? */
const vendorMatches = (vendor: CatalogueVendorRow, vassalage: string, language: string): boolean =>
  vendor.code === vassalage || vendorCodeForLanguage(vendor.code, language) === vassalage;

/** The live tiles a list draws from: of the category (all when undefined) and of the vendor asked for. */
export const tilesFor = (
  catalogue: CatalogueStructure,
  category: string | undefined,
  vassalage: string | undefined,
  language: string,
): LiveTile[] =>
  catalogue.tiles.filter(
    (tile) =>
      (category === undefined || tile.category === category) &&
      (vassalage === undefined || vendorMatches(tile.vendor, vassalage, language)),
  );
