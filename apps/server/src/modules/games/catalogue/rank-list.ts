import { formatMinorUnits } from '@wps/contracts/money';
import { vendorCodeForLanguage } from '@wps/contracts/games';
import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import * as repository from '../catalogue.repository';
import type { CatalogueContext } from './catalogue-caches';

const rankListWindowMs = 7 * 24 * 60 * 60 * 1000;

type RankEntry = {
  winAmount: string;
  currency: string;
  player: string;
  gameName: string;
  gameCode: string;
  vassalage: string;
  gameType: string;
  prize: string;
  winTime: string;
};

export type RankList = { list: Array<{ vo: RankEntry }> };

/** What one rank list answers for (and what its cache entry is kept under). */
export type RankListQuery = {
  brandId: bigint;
  productLine: string | undefined;
  limit: number;
  language: string;
};

/** "de***er": enough for a player to recognise themselves, not enough to find the account. */
export const maskAccountName = (name: string): string => {
  const characters = Array.from(name);
  if (characters.length <= 2) return `${characters[0] ?? ''}***`;
  if (characters.length <= 4) return `${characters[0] ?? ''}***${characters.at(-1) ?? ''}`;
  return `${characters.slice(0, 2).join('')}***${characters.slice(-2).join('')}`;
};

/** The win as a multiple of its round's stake with one decimal, rounded down ("25.0x"); empty without a stake. */
export const prizeMultiple = (win: bigint, bet: bigint): string => {
  if (bet <= 0n) return '';
  const tenths = (win * 10n) / bet;
  return `${(tenths / 10n).toString()}.${(tenths % 10n).toString()}x`;
};

/** The brand's biggest wins of the last 7 days (all categories, or one), newest-first among equals. */
export const readRankList = async (
  { caches }: Pick<CatalogueContext, 'caches'>,
  brandId: bigint,
  query: { gameCategory: string; limitNum: number; language: string },
): Promise<RankList> => {
  const category = query.gameCategory.trim().toUpperCase();
  const rankQuery: RankListQuery = {
    brandId,
    productLine: category === 'ALL' || category === '' ? undefined : category,
    limit: query.limitNum,
    language: query.language.toUpperCase() === 'TY' ? 'TY' : 'EN',
  };
  const key = JSON.stringify([
    brandId.toString(),
    rankQuery.productLine ?? null,
    rankQuery.limit,
    rankQuery.language,
  ]);
  const list = await caches.rankLists.fetch(key, { context: rankQuery });
  if (!list) throw new AppError('INTERNAL_ERROR');
  return list;
};

export const loadRankList = async (
  db: Database,
  { brandId, productLine, limit, language }: RankListQuery,
): Promise<RankList> => {
  const wins = await repository.listBiggestWins(db, brandId, {
    since: new Date(Date.now() - rankListWindowMs),
    productLine,
    limit,
  });
  return {
    list: wins.map((win) => ({
      vo: {
        winAmount: formatMinorUnits(win.amount, win.exponent),
        currency: win.currency,
        player: maskAccountName(win.username),
        gameName: win.gameName,
        gameCode: win.gameCode,
        vassalage: vendorCodeForLanguage(win.vendorCode, language),
        gameType: win.productLine,
        prize: prizeMultiple(win.amount, win.betAmount),
        winTime: win.createdAt.toISOString(),
      },
    })),
  };
};
