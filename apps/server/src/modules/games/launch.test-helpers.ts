import { searchableName } from '@wps/contracts/games';
import type { Executor } from '../../db/database';
import { gameVendors, gameVendorTiles, games } from './games.tables';

/** Vendors and games written straight to the catalogue, for launch and betting-record tests. */

export type VendorFixture = {
  code: string;
  integration?: 'seamless' | 'house';
  isEnabled?: boolean;
  launchUrl?: string | null;
  walletPublicKey?: string | null;
  /** The vendor's tile in RNG: absent (undefined), or enabled or not, with free play or not. */
  tile?: { isEnabled?: boolean; freeplay?: boolean; gameType?: string };
};

/** A vendor by code; an existing one (the demo seed's) is overwritten with these values. */
export const addVendor = async (executor: Executor, fixture: VendorFixture): Promise<bigint> => {
  const values = {
    code: fixture.code,
    displayName: `${fixture.code} Gaming`,
    integration: fixture.integration ?? 'seamless',
    isEnabled: fixture.isEnabled ?? true,
    launchUrl: fixture.launchUrl === undefined ? 'https://vendor.example/launch' : fixture.launchUrl,
    walletPublicKey: fixture.walletPublicKey === undefined ? 'test-public-key' : fixture.walletPublicKey,
  };
  const [row] = await executor
    .insert(gameVendors)
    .values(values)
    .onConflictDoUpdate({ target: gameVendors.code, set: values })
    .returning({ id: gameVendors.id });
  if (!row) throw new Error(`vendor ${fixture.code} not written`);
  if (fixture.tile) {
    const tile = {
      vendorId: row.id,
      gameType: fixture.tile.gameType ?? 'RNG',
      isEnabled: fixture.tile.isEnabled ?? true,
      freeplay: fixture.tile.freeplay ?? false,
    };
    await executor
      .insert(gameVendorTiles)
      .values(tile)
      .onConflictDoUpdate({ target: [gameVendorTiles.vendorId, gameVendorTiles.gameType], set: tile });
  }
  return row.id;
};

export const addGame = async (
  executor: Executor,
  vendorId: bigint,
  fixture: { code: string; name?: string; gameType?: string; hasTrial?: boolean; isEnabled?: boolean },
): Promise<bigint> => {
  const name = fixture.name ?? `Game ${fixture.code}`;
  const [row] = await executor
    .insert(games)
    .values({
      vendorId,
      gameType: fixture.gameType ?? 'RNG',
      gameCode: fixture.code,
      name,
      searchName: searchableName(name),
      hasTrial: fixture.hasTrial ?? false,
      isEnabled: fixture.isEnabled ?? true,
    })
    .returning({ id: games.id });
  if (!row) throw new Error(`game ${fixture.code} not written`);
  return row.id;
};
