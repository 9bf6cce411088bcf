import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { gameSessions, gameVendors, gameVendorTiles, games } from './games.tables';

/** The SQL behind launches: the game with its vendor and tile, and the session row a launch creates. */

export type LaunchableGame = {
  gameId: bigint;
  gameCode: string;
  gameName: string;
  gameType: string;
  isGameEnabled: boolean;
  hasTrial: boolean;
  vendorId: bigint;
  vendorCode: string;
  integration: 'seamless' | 'house';
  isVendorEnabled: boolean;
  launchUrl: string | null;
  hasWalletKey: boolean;
  /** The vendor's maintenance is on and not past its end. */
  isUnderMaintenance: boolean;
  maintenanceEndsAt: Date | null;
  /** Null when the vendor has no tile in the game's type. */
  isTileEnabled: boolean | null;
  tileFreeplay: boolean | null;
};

export const findLaunchableGame = async (
  executor: Executor,
  gameId: bigint,
): Promise<LaunchableGame | undefined> => {
  const [row] = await executor
    .select({
      gameId: games.id,
      gameCode: games.gameCode,
      gameName: games.name,
      gameType: games.gameType,
      isGameEnabled: games.isEnabled,
      hasTrial: games.hasTrial,
      vendorId: gameVendors.id,
      vendorCode: gameVendors.code,
      integration: gameVendors.integration,
      isVendorEnabled: gameVendors.isEnabled,
      launchUrl: gameVendors.launchUrl,
      hasWalletKey: sql<boolean>`${gameVendors.walletPublicKey} is not null`,
      isUnderMaintenance: sql<boolean>`${gameVendors.isUnderMaintenance} and (${gameVendors.maintenanceEndsAt} is null or ${gameVendors.maintenanceEndsAt} > now())`,
      maintenanceEndsAt: gameVendors.maintenanceEndsAt,
      isTileEnabled: gameVendorTiles.isEnabled,
      tileFreeplay: gameVendorTiles.freeplay,
    })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
    .leftJoin(
      gameVendorTiles,
      and(eq(gameVendorTiles.vendorId, games.vendorId), eq(gameVendorTiles.gameType, games.gameType)),
    )
    .where(eq(games.id, gameId))
    .limit(1);
  return row;
};

/** How long a launch token lets the vendor place bets (wins and rollbacks are accepted after). */
export const gameSessionLifetime = '12 hours';

export const insertGameSession = async (
  executor: Executor,
  session: {
    tokenHash: string;
    brandId: bigint;
    memberId: bigint;
    vendorId: bigint;
    gameId: bigint;
    currency: string;
  },
): Promise<{ id: bigint; expiresAt: Date }> => {
  const [row] = await executor
    .insert(gameSessions)
    .values({ ...session, expiresAt: sql`now() + ${gameSessionLifetime}::interval` })
    .returning({ id: gameSessions.id, expiresAt: gameSessions.expiresAt });
  if (!row) throw new Error('game_sessions insert returned no row');
  return row;
};
