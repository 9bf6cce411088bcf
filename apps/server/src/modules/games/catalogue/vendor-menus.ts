import {
  classifyFiltersOf,
  type GameCategoryMenu,
  gameCategories,
  gameSubcategories,
  type VendorCard,
  vendorCodeForLanguage,
} from '@wps/contracts/games';
import type { GameCountRow } from '../catalogue.repository';
import { type CatalogueContext, readCounts, readStructure } from './catalogue-caches';
import { type CatalogueStructure, type LiveTile, tileKey, tilesFor } from './catalogue-structure';

type CategoryCards = Map<string, { card: VendorCard; tiles: LiveTile[] }[]>;

/** The categories a vendor (or, in TY, the shared code) has games in. */
export const listVendorGameTypes = async (
  context: Pick<CatalogueContext, 'caches'>,
  vassalage: string,
  language: string,
) => {
  const code = vassalage.trim().toUpperCase();
  const lang = language.toUpperCase();
  const sum = countsByTile(await readCounts(context));
  const catalogue = await readStructure(context);
  const categories = new Set(
    tilesFor(catalogue, undefined, code, lang)
      .filter((tile) => sum(tileKey(tile.vendorId, tile.gameType)) > 0)
      .map((tile) => tile.category),
  );
  return { vassalage: code, gameTypes: gameCategories.filter((category) => categories.has(category)) };
};

/** Vendor lanes per category (the home's vendor rows). */
export const listVendorLanes = async (context: Pick<CatalogueContext, 'caches'>, language: string) => {
  const byCategory = cardsByCategory(
    await readStructure(context),
    await readCounts(context),
    language.toUpperCase(),
  );
  return {
    data: {
      lanes: [...byCategory].map(([gameType, cards]) => ({
        gameType,
        vendors: cards.map((entry) => entry.card),
      })),
    },
  };
};

/**
 * Every category with vendors: its cards and its classify entries, each with the vendors that have games
 * in it. Subcategory entries only when the brand supports TY, and only those with games. FAV and RECENT
 * depend on the member, so they list the category's vendors with their game counts.
 */
export const listGameMenus = async (
  context: Pick<CatalogueContext, 'caches'>,
  language: string,
  supportsTy: boolean,
): Promise<GameCategoryMenu[]> => {
  const lang = language.toUpperCase();
  const countRows = await readCounts(context);
  const sum = countsByTile(countRows);
  const byCategory = cardsByCategory(await readStructure(context), countRows, lang);
  return [...byCategory].map(([category, cards]) => {
    const vendorsWhere = (test?: (row: GameCountRow) => boolean) =>
      Object.fromEntries(
        cards.flatMap(({ card, tiles }) => {
          const count = tiles.reduce(
            (total, tile) => total + sum(tileKey(tile.vendorId, tile.gameType), test),
            0,
          );
          return count > 0 ? [[card.vassalage, count] as const] : [];
        }),
      );
    const filters = classifyFiltersOf(category).map((code) => ({
      code,
      vendors:
        code === 'HOT'
          ? vendorsWhere((row) => row.isHot)
          : code === 'NEW'
            ? vendorsWhere((row) => row.isNew)
            : vendorsWhere(),
    }));
    const subcategories = supportsTy
      ? gameSubcategories
          .map((code) => ({ code, vendors: vendorsWhere((row) => row.classify === code) }))
          .filter((entry) => Object.keys(entry.vendors).length > 0)
      : [];
    return {
      title: category,
      cards: cards.map((entry) => entry.card),
      gameClassify: [...filters, ...subcategories],
    };
  });
};

/** Games of a vendor's tile, counted per live tile (and per subcategory and flag for the classify tabs). */
const countsByTile = (rows: readonly GameCountRow[]) => {
  const byTile = new Map<string, GameCountRow[]>();
  for (const row of rows) {
    const key = tileKey(row.vendorId, row.gameType);
    byTile.set(key, [...(byTile.get(key) ?? []), row]);
  }
  const sum = (key: string, test: (row: GameCountRow) => boolean = () => true) =>
    (byTile.get(key) ?? []).reduce((total, row) => total + (test(row) ? row.count : 0), 0);
  return sum;
};

/** The vendor cards of each category with games, merged per shown code (TY shows TCG and BTI as one). */
const cardsByCategory = (
  catalogue: CatalogueStructure,
  countRows: readonly GameCountRow[],
  language: string,
): CategoryCards => {
  const sum = countsByTile(countRows);
  const categories: CategoryCards = new Map();
  for (const tile of catalogue.tiles) {
    const gameCount = sum(tileKey(tile.vendorId, tile.gameType));
    if (gameCount === 0) continue;
    const vassalage = vendorCodeForLanguage(tile.vendor.code, language);
    const cards = categories.get(tile.category) ?? [];
    const existing = cards.find((entry) => entry.card.vassalage === vassalage);
    if (existing) {
      existing.card.gameCount += gameCount;
      existing.tiles.push(tile);
    } else {
      cards.push({
        card: {
          vassalage,
          displayName: tile.vendor.displayName,
          gameType: tile.category,
          accountTypeName: tile.accountTypeName,
          isGame: tile.opensGameList ? 'VASSALAGE' : '',
          freeplay: tile.freeplay ? 1 : 0,
          gameCount,
        },
        tiles: [tile],
      });
    }
    categories.set(tile.category, cards);
  }
  return new Map(
    gameCategories.flatMap((category) => {
      const cards = categories.get(category);
      return cards ? [[category, cards] as const] : [];
    }),
  );
};
