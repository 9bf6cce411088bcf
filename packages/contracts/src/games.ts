import { z } from 'zod';
import { successEnvelope } from './envelope';
import {
  bettingProductLines,
  gamePageSizes,
  maxGamePageSize,
  rankListLimit,
  roundStatusFilters,
} from './games-rules';

export {
  bettingProductLines,
  categoryOf,
  classifyFilters,
  classifyFiltersOf,
  cockfightVendorCodes,
  esportsVendorCodes,
  gameCategories,
  gamePageSizes,
  gameSubcategories,
  imageGameTypeOf,
  lotteryRouteOf,
  maxGamePageSize,
  rankListLimit,
  roundStatusFilters,
  searchableName,
  storedGameTypes,
  storedTypeOf,
  tySharedVendorCode,
  vendorCodeForLanguage,
  type ClassifyFilter,
  type GameCategory,
  type StoredGameType,
} from './games-rules';

const zeroOrOne = z.union([z.literal(0), z.literal(1)]);
const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = (fallback: number) => z.coerce.number().int().min(1).max(maxGamePageSize).default(fallback);
/** Fields the site sends that only matter to the original platform; accepted and ignored. */
const clientFields = {
  clientType: z.string().max(16).optional(),
  platform: z.string().max(32).optional(),
  merchant: z.string().max(32).optional(),
  merchantCode: z.string().max(32).optional(),
  isPlatform: z.string().max(8).optional(),
  language: z.string().max(8).default('EN'),
};

/** A game card (spec section 3, Game). Image paths are relative to the brand's image host. */
export const gameSchema = z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  gameType: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  gameClassify: z.string(),
  displayName: z.string(),
  showIcon: zeroOrOne,
  iconUrl: z.string(),
  lagerIcon: z.string(),
  isHot: zeroOrOne,
  isNew: zeroOrOne,
  /** 0 means a free trial is available. */
  supportPlay: zeroOrOne,
  /** 1 means the vendor's tile offers free play. */
  freeplay: zeroOrOne,
  /** 'VASSALAGE' when the vendor opens a popup game list. */
  isGame: z.string(),
});
export type Game = z.infer<typeof gameSchema>;

/** A vendor tile in a category. */
export const vendorCardSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameType: z.string(),
  accountTypeName: z.string(),
  isGame: z.string(),
  freeplay: zeroOrOne,
  gameCount: z.number().int(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

/** `/lgw/games/game_menus`: every category that has vendors, with its tiles and classify entries. */
export const gameMenusQuerySchema = z.object({ ...clientFields });
export const gameCategoryMenuSchema = z.object({
  title: z.string(),
  cards: z.array(vendorCardSchema),
  /** Filters and subcategories of the lobby, each with the vendors that have games in it (code → count). */
  gameClassify: z.array(z.object({ code: z.string(), vendors: z.record(z.string(), z.number().int()) })),
});
export type GameCategoryMenu = z.infer<typeof gameCategoryMenuSchema>;
export const gameMenusResponseSchema = successEnvelope(z.array(gameCategoryMenuSchema));

/** `/relay/GCSGAME_gameList`. */
export const gameListQuerySchema = z.object({
  ...clientFields,
  gameType: z.string().max(16).optional(),
  isNew: z.string().max(8).optional(),
  vassalage: z.string().max(24).optional(),
  gameClassify: z.string().max(24).optional(),
  gameName: z.string().max(100).optional(),
  pageNo: pageNumber,
  pageSize: pageSize(gamePageSizes.classify),
});
export type GameListQuery = z.infer<typeof gameListQuerySchema>;
export const gamePageSchema = z.object({
  games: z.array(gameSchema),
  totalPages: z.number().int(),
  pageNo: z.number().int(),
  total: z.number().int(),
});
export const gameListResponseSchema = successEnvelope(gamePageSchema);

/** `/relay/GCSGAME_hotGamesV2`. */
export const hotGamesQuerySchema = z.object({
  ...clientFields,
  gameType: z.string().max(16).optional(),
  vassalage: z.string().max(24).optional(),
});
export const hotGamesResponseSchema = successEnvelope(z.object({ list: z.array(gameSchema) }));

/** `/relay/GCSGAME_getVassGameType`: the categories a vendor has games in. */
export const vendorGameTypesQuerySchema = z.object({ ...clientFields, vassalage: z.string().max(24) });
export const vendorGameTypesResponseSchema = successEnvelope(
  z.object({ vassalage: z.string(), gameTypes: z.array(z.string()) }),
);

/** `/relay/GCSGAME_newGameVendor`: vendor lanes per category. */
export const gameVendorLanesResponseSchema = successEnvelope(
  z.object({
    data: z.object({
      lanes: z.array(z.object({ gameType: z.string(), vendors: z.array(vendorCardSchema) })),
    }),
  }),
);

/** Favourites: ids, a paged list, add (POST) and remove (DELETE) by nodeId. */
export const favoriteGameIdsResponseSchema = successEnvelope(z.array(z.number().int()));
export const favoriteGamesQuerySchema = z.object({
  ...clientFields,
  gameType: z.string().max(16).optional(),
  vassalage: z.string().max(24).optional(),
  pageNo: pageNumber,
  pageSize: pageSize(gamePageSizes.list),
});
export const favoriteGamesResponseSchema = successEnvelope(
  z.object({ content: z.array(gameSchema), pageNum: z.number().int(), totalPages: z.number().int() }),
);
export const favoriteGameChangeSchema = z.object({
  nodeId: z.coerce.number().int().positive(),
  vendor: z.string().max(24).optional(),
  gameType: z.string().max(16).optional(),
});
export const favoriteGameChangeResponseSchema = successEnvelope(z.array(z.number().int()));

/** `/relay/GCS_recentGame`. */
export const recentGamesQuerySchema = z.object({
  ...clientFields,
  gameType: z.string().max(16).optional(),
  vassalage: z.string().max(24).optional(),
  page: pageNumber,
  pageSize: pageSize(gamePageSizes.list),
});
export const recentGamesResponseSchema = successEnvelope(
  z.object({ list: z.array(gameSchema), totalPages: z.number().int() }),
);

/** `/relay/GCSGAME_getRankList`: the biggest real wins. */
export const rankListQuerySchema = z.object({
  ...clientFields,
  gameCategory: z.string().max(16).default('ALL'),
  limitNum: z.coerce.number().int().min(1).max(100).default(rankListLimit),
});
export const winnerEntrySchema = z.object({
  vo: z.object({
    winAmount: z.string(),
    currency: z.string(),
    /** Masked account name. */
    player: z.string(),
    gameName: z.string(),
    gameCode: z.string(),
    vassalage: z.string(),
    gameType: z.string(),
    /** The win as a multiple of the stake, one decimal ("25.0x"). */
    prize: z.string(),
    winTime: z.string(),
  }),
});
export const rankListResponseSchema = successEnvelope(z.object({ list: z.array(winnerEntrySchema) }));

/** `/game/launchGame` (token): a one-time launch token and the vendor's URL. */
export const launchGameRequestSchema = z.strictObject({
  nodeId: z.coerce.number().int().positive(),
  /** Handed to the vendor as `lang` (lower-cased); a language code such as EN, UR or zh-CN. */
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,4})?$/)
    .default('EN'),
  /** Free trial with the vendor's demo money (games with supportPlay 0). */
  demo: z.boolean().default(false),
});
export const launchGameResultSchema = z.object({
  url: z.string(),
  nodeId: z.number().int(),
  gameCode: z.string(),
  vassalage: z.string(),
  gameName: z.string(),
  mode: z.enum(['real', 'demo']),
});
export type LaunchGameResult = z.infer<typeof launchGameResultSchema>;
export const launchGameResponseSchema = successEnvelope(launchGameResultSchema);

/** Betting record (personalHistoryCopy): rounds with their filters, newest first. */
export const bettingRecordQuerySchema = z.strictObject({
  /** ALL or a category the game is shown in (ESPORTS and COCKFIGHT included). */
  productLine: z.enum(bettingProductLines).default('ALL'),
  status: z.enum(roundStatusFilters).default('ALL'),
  /**
   * yyyy-MM-dd, in the member's time zone (the brand's when absent), as the wallet's records take them: the
   * range is [from, to + 1 day) of the round's start; an absent end is open.
   */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  timeZone: z.string().max(64).optional(),
  page: pageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type BettingRecordQuery = z.infer<typeof bettingRecordQuerySchema>;
export const bettingRoundSchema = z.object({
  roundId: z.string(),
  roundRef: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  productLine: z.string(),
  status: z.enum(['OPEN', 'SETTLED']),
  betAmount: z.string(),
  validBet: z.string(),
  winAmount: z.string(),
  refundedAmount: z.string(),
  /** Win + refund − bet: the member's result. */
  profit: z.string(),
  currency: z.string(),
  openedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BettingRound = z.infer<typeof bettingRoundSchema>;
export const bettingRecordResponseSchema = successEnvelope(
  z.object({
    list: z.array(bettingRoundSchema),
    page: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    summary: z.object({
      betAmount: z.string(),
      validBet: z.string(),
      winAmount: z.string(),
      profit: z.string(),
    }),
  }),
);
export const bettingRoundDetailResponseSchema = successEnvelope(
  z.object({
    round: bettingRoundSchema,
    transactions: z.array(
      z.object({
        kind: z.enum(['bet', 'win', 'rollback']),
        transactionUuid: z.string(),
        referenceUuid: z.string().nullable(),
        amount: z.string(),
        isRolledBack: z.boolean(),
        createdAt: z.string(),
      }),
    ),
    /** House games: the seeds and inputs that reproduce the result. */
    details: z.record(z.string(), z.unknown()).nullable(),
  }),
);
