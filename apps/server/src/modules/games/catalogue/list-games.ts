import type { Game } from '@wps/contracts/games';
import { vendorCodeForLanguage } from '@wps/contracts/games';
import { AppError } from '../../../http/app-error';
import * as repository from '../catalogue.repository';
import type { GameCardRow, GameCountRow, GameFilter, GameScope } from '../catalogue.repository';
import { gameIconPath, gameLargeIconPath } from '../game-image-paths';
import { type CatalogueContext, readCounts, readStructure } from './catalogue-caches';
import { type CatalogueStructure, type LiveTile, tileKey, tilesFor } from './catalogue-structure';
import { type GameListRequest, needsMember } from './game-list-request';

export type GamePage = { games: Game[]; totalPages: number; pageNo: number; total: number };

/** A page of games: a category lobby, a vendor, a filter or subcategory, a name search. */
export const listGames = async (
  context: CatalogueContext,
  request: GameListRequest,
  memberId: bigint | undefined,
): Promise<GamePage> => {
  if (needsMember(request.choice)) return loadGamePage(context, request, memberId);
  const page = await context.caches.pages.fetch(pageKey(request), { context: request });
  if (!page) throw new AppError('INTERNAL_ERROR');
  return page;
};

/** Cache key of a list: every field that changes the answer (the language only through the TY mapping). */
export const pageKey = (request: GameListRequest): string =>
  JSON.stringify([
    request.category ?? null,
    request.vassalage ?? null,
    request.choice,
    request.search ?? null,
    request.language === 'TY',
    request.pageNo,
    request.pageSize,
  ]);

/** A page as the database has it now (a member's own lists need `memberId`). */
export const loadGamePage = async (
  context: CatalogueContext,
  request: GameListRequest,
  memberId: bigint | undefined,
): Promise<GamePage> => {
  const catalogue = await readStructure(context);
  const filter = filterOf(catalogue, request, memberId);
  const offset = (request.pageNo - 1) * request.pageSize;
  const countedByRows = filter.search !== undefined || filter.member !== undefined;
  const { rows, total: rowTotal } = await repository.listGamePage(
    context.db,
    filter,
    { limit: request.pageSize, offset },
    countedByRows,
  );
  const total = rowTotal ?? totalFromCounts(await readCounts(context), filter);
  return {
    games: cardsOf(catalogue, rows, request.language),
    totalPages: Math.ceil(total / request.pageSize),
    pageNo: request.pageNo,
    total,
  };
};

const scopeOf = (tiles: readonly LiveTile[], onlyType?: string): GameScope => {
  const byType = new Map<string, bigint[]>();
  for (const tile of tiles) {
    if (onlyType !== undefined && tile.gameType !== onlyType) continue;
    byType.set(tile.gameType, [...(byType.get(tile.gameType) ?? []), tile.vendorId]);
  }
  return [...byType].map(([gameType, vendorIds]) => ({ gameType, vendorIds }));
};

const filterOf = (
  catalogue: CatalogueStructure,
  request: GameListRequest,
  memberId: bigint | undefined,
): GameFilter => {
  const tiles = tilesFor(catalogue, request.category, request.vassalage, request.language);
  const { choice } = request;
  // NEW is an RNG filter: it lists new RNG games, and nothing in the other categories.
  const scope = scopeOf(tiles, choice.kind === 'new' ? 'RNG' : undefined);
  const filter: GameFilter = { scope };
  if (choice.kind === 'hot') filter.hot = true;
  if (choice.kind === 'new') filter.isNew = true;
  if (choice.kind === 'subcategory') filter.classify = choice.code;
  if (choice.kind === 'favourites' || choice.kind === 'recent') {
    if (memberId === undefined) throw new AppError('UNAUTHORIZED');
    filter.member = { id: memberId, list: choice.kind };
  }
  if (request.search !== undefined) filter.search = request.search;
  return filter;
};

/** Totals of plain category pages come from the per-vendor counts, not from counting rows again. */
const totalFromCounts = (rows: readonly GameCountRow[], filter: GameFilter): number => {
  const inScope = new Set(
    filter.scope.flatMap(({ gameType, vendorIds }) => vendorIds.map((id) => tileKey(id, gameType))),
  );
  let total = 0;
  for (const row of rows) {
    if (!inScope.has(tileKey(row.vendorId, row.gameType))) continue;
    if (filter.hot && !row.isHot) continue;
    if (filter.isNew && !row.isNew) continue;
    if (filter.classify !== undefined && row.classify !== filter.classify) continue;
    total += row.count;
  }
  return total;
};

const toCard = (catalogue: CatalogueStructure, row: GameCardRow, language: string): Game | undefined => {
  const tile = catalogue.tileOf.get(tileKey(row.vendorId, row.gameType));
  if (!tile) return undefined;
  const { vendor } = tile;
  const icon = row.iconUrl ?? gameIconPath(vendor.code, row.gameCode);
  return {
    nodeId: Number(row.id),
    nodeName: row.name,
    gameType: tile.category,
    vassalage: vendorCodeForLanguage(vendor.code, language),
    gameCode: row.gameCode,
    gameName: row.name,
    gameClassify: row.classify,
    displayName: vendor.displayName,
    showIcon: 1,
    iconUrl: icon,
    lagerIcon: row.largeIconUrl ?? row.iconUrl ?? gameLargeIconPath(vendor.code, row.gameCode),
    isHot: row.isHot ? 1 : 0,
    isNew: row.isNew ? 1 : 0,
    supportPlay: row.hasTrial ? 0 : 1,
    freeplay: tile.freeplay ? 1 : 0,
    isGame: tile.opensGameList ? 'VASSALAGE' : '',
  };
};

const cardsOf = (catalogue: CatalogueStructure, rows: readonly GameCardRow[], language: string): Game[] =>
  rows.flatMap((row) => toCard(catalogue, row, language) ?? []);
