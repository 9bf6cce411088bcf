import { z } from 'zod';
import { successEnvelope } from './envelope';
import { gameCategories, storedGameTypes } from './games';

/** A vendor code (the spec's `vassalage`): capitals, digits and underscores, as the database checks. */
export const vendorCodeSchema = z.string().regex(/^[A-Z0-9_]{2,24}$/, 'capitals, digits and _, 2 to 24');
/** A game's code inside its vendor; it appears in image paths, so only URL-safe characters. */
export const gameCodeSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . -, 1 to 64');
/** A subcategory code (SLOT, SCRATCH, VIDEO_POKER, …): the game's gameClassify. */
export const gameClassifySchema = z.string().regex(/^[A-Z][A-Z0-9_]{1,23}$/, 'capitals, digits and _');

const webUrl = z.url({ protocol: /^https?$/ }).max(2_000);
const imageUrl = z
  .string()
  .max(2_000)
  .refine(
    (value) => value.startsWith('/') || /^https?:\/\//.test(value),
    'an absolute http(s) URL or a path on the image host',
  );

export const vendorIntegrationSchema = z.enum(['seamless', 'house']);

/** A vendor's tile in one stored game type (ESPORTS and COCKFIGHT are SPORTS tiles of those vendors). */
export const vendorTileInputSchema = z.strictObject({
  gameType: z.enum(storedGameTypes),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  /** The tile opens a popup list of the vendor's games (isGame VASSALAGE). */
  opensGameList: z.boolean().default(false),
  freeplay: z.boolean().default(false),
  accountTypeName: z.string().max(64).default(''),
  isEnabled: z.boolean().default(true),
});
export type VendorTileInput = z.input<typeof vendorTileInputSchema>;

export const vendorGameInputSchema = z.strictObject({
  gameCode: gameCodeSchema,
  name: z.string().trim().min(1).max(100),
  gameType: z.enum(storedGameTypes),
  classify: gameClassifySchema.default('SLOT'),
  isHot: z.boolean().default(false),
  isNew: z.boolean().default(false),
  hasTrial: z.boolean().default(false),
  sortOrder: z.number().int().min(-100_000).max(1_000_000).default(0),
  isEnabled: z.boolean().default(true),
  iconUrl: imageUrl.optional(),
  largeIconUrl: imageUrl.optional(),
});
export type VendorGameInput = z.input<typeof vendorGameInputSchema>;

/** The most games one registration call carries; a bigger catalogue is sent in several updates. */
export const maxVendorGamesPerCall = 20_000;

const gamesInput = z
  .array(vendorGameInputSchema)
  .max(maxVendorGamesPerCall)
  .refine(
    (games) => new Set(games.map((game) => game.gameCode)).size === games.length,
    'game codes must not repeat',
  );
const tilesInput = z
  .array(vendorTileInputSchema)
  .max(storedGameTypes.length)
  .refine(
    (tiles) => new Set(tiles.map((tile) => tile.gameType)).size === tiles.length,
    'one tile per game type',
  );

/**
 * Registering a vendor: its code, name, how it plays, and for a seamless vendor the RSA public key (PEM) its
 * wallet calls are verified with and the URL its games launch at (both may follow later). Game types of the
 * games without a tile get a default tile.
 */
export const vendorRegistrationSchema = z.strictObject({
  code: vendorCodeSchema,
  displayName: z.string().trim().min(1).max(64),
  integration: vendorIntegrationSchema.default('seamless'),
  walletPublicKey: z.string().max(16_000).optional(),
  launchUrl: webUrl.optional(),
  isDemo: z.boolean().default(false),
  isEnabled: z.boolean().default(true),
  tiles: tilesInput.default([]),
  games: gamesInput.default([]),
});
export type VendorRegistration = z.input<typeof vendorRegistrationSchema>;

/**
 * A vendor's maintenance: on, optionally until `endsAt` (after which it is over by itself), or off. While it is
 * in effect the vendor's games do not launch.
 */
export const vendorMaintenanceInputSchema = z.strictObject({
  isOn: z.boolean(),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type VendorMaintenanceInput = z.input<typeof vendorMaintenanceInputSchema>;

/** An operator's change to a vendor: null clears the key or launch URL; listed games are added or changed. */
export const vendorUpdateSchema = z
  .strictObject({
    displayName: z.string().trim().min(1).max(64).optional(),
    walletPublicKey: z.string().max(16_000).nullable().optional(),
    launchUrl: webUrl.nullable().optional(),
    isEnabled: z.boolean().optional(),
    maintenance: vendorMaintenanceInputSchema.optional(),
    tiles: tilesInput.optional(),
    games: gamesInput.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'nothing to change');
export type VendorUpdate = z.input<typeof vendorUpdateSchema>;

export const vendorParamsSchema = z.strictObject({ code: vendorCodeSchema });

/** What operators see of a vendor: never the key itself, only whether one is set and its fingerprint. */
export const vendorSummarySchema = z.object({
  code: z.string(),
  displayName: z.string(),
  integration: vendorIntegrationSchema,
  isEnabled: z.boolean(),
  isDemo: z.boolean(),
  launchUrl: z.string().nullable(),
  /** SHA-256 of the key's DER (SPKI), hex; null when no key is set. */
  walletKeyFingerprint: z.string().nullable(),
  maintenance: z.object({
    isOn: z.boolean(),
    endsAt: z.string().nullable(),
    /** On and not past its end: the vendor's games do not launch now. */
    isActive: z.boolean(),
  }),
  tiles: z.array(
    z.object({
      gameType: z.string(),
      sortOrder: z.number().int(),
      opensGameList: z.boolean(),
      freeplay: z.boolean(),
      accountTypeName: z.string(),
      isEnabled: z.boolean(),
    }),
  ),
  gameCount: z.number().int(),
  enabledGameCount: z.number().int(),
});
export type VendorSummary = z.infer<typeof vendorSummarySchema>;

export const vendorListResponseSchema = successEnvelope(z.array(vendorSummarySchema));
export const vendorResponseSchema = successEnvelope(vendorSummarySchema);

// The console's catalogue (under /wps/backoffice/games): every game, enabled or not, paged on the server.

export const adminGameStatuses = ['enabled', 'disabled'] as const;
export const adminGameFlags = ['hot', 'new'] as const;

/** GET /games?vendor&category&status&flag&search&pageNo&pageSize: by vendor, then order, then id. */
export const adminGamesQuerySchema = z.object({
  vendor: vendorCodeSchema.optional(),
  category: z.enum(gameCategories).optional(),
  status: z.enum(adminGameStatuses).optional(),
  flag: z.enum(adminGameFlags).optional(),
  /** Part of the game's name or its code. */
  search: z.string().trim().max(100).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminGamesQuery = z.input<typeof adminGamesQuerySchema>;

export const adminGameSchema = z.object({
  /** The spec's nodeId. */
  id: z.string(),
  vendorCode: z.string(),
  vendorName: z.string(),
  integration: vendorIntegrationSchema,
  gameType: z.string(),
  /** What lobby the game shows in (ESPORTS and COCKFIGHT split from SPORTS). */
  category: z.string(),
  gameCode: z.string(),
  name: z.string(),
  classify: z.string(),
  isEnabled: z.boolean(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  hasTrial: z.boolean(),
  sortOrder: z.number().int(),
  /** What the lobby shows: the game's own picture, or the platform's drawn one (`hasOwnImage` false). */
  iconUrl: z.string(),
  hasOwnImage: z.boolean(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

export const adminGamesResponseSchema = successEnvelope(
  z.object({
    games: z.array(adminGameSchema),
    pageNo: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
);

export const adminGameParamsSchema = z.strictObject({ id: z.string().regex(/^[1-9][0-9]{0,18}$/) });

/** PATCH /games/:id: shown or not, the HOT and NEW marks, the order in lists (lower first). */
export const adminGameUpdateSchema = z
  .strictObject({
    isEnabled: z.boolean().optional(),
    isHot: z.boolean().optional(),
    isNew: z.boolean().optional(),
    sortOrder: z.number().int().min(-100_000).max(1_000_000).optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'nothing to change');
export type AdminGameUpdate = z.infer<typeof adminGameUpdateSchema>;

export const adminGameResponseSchema = successEnvelope(adminGameSchema);

/** Where a picture an operator uploaded for a game is served, on the image host (its CDN mirrors it). */
export const uploadedGameImagePath = (uploadId: string): string => `/TCG_GAME_ICONS/uploaded/${uploadId}`;
