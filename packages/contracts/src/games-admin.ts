import { z } from 'zod';
import { successEnvelope } from './envelope';
import { storedGameTypes } from './games';

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

/** An operator's change to a vendor: null clears the key or launch URL; listed games are added or changed. */
export const vendorUpdateSchema = z
  .strictObject({
    displayName: z.string().trim().min(1).max(64).optional(),
    walletPublicKey: z.string().max(16_000).nullable().optional(),
    launchUrl: webUrl.nullable().optional(),
    isEnabled: z.boolean().optional(),
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
