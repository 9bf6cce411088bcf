import { type LaunchGameResult, lotteryRouteOf } from '@wps/contracts/games';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { createSessionToken } from '../../lib/session-token';
import type { ProtectionService } from '../protection/protection.service';
import { recordRecentGame } from './catalogue.service';
import * as repository from './launch.repository';
import type { LaunchableGame } from './launch.repository';

export type LaunchRequest = {
  nodeId: number;
  language: string;
  demo: boolean;
  /** The site's origin as the player's browser has it (the page that frames the game), when known. */
  siteOrigin: string | null;
};
export type LaunchMember = { id: bigint; brandId: bigint; type: number };
export type LaunchBrand = { id: bigint; currency: string };
export type LaunchMode = LaunchGameResult['mode'];

/**
 * The game when it can be launched in `mode`; GAME_NOT_FOUND or GAME_UNAVAILABLE otherwise. Lottery vendors and house games are not
 * vendor launches: the site opens its own pages for them (spec section 4, Starting a game). A seamless vendor
 * without a launch URL (or, for real money, without the key its wallet calls are verified with) is not
 * connected yet. Demo needs the game's free trial or the tile's free play. A vendor under maintenance (switched on
 * by an operator, its end not passed) launches nothing.
 */
export const requireLaunchable = (
  game: LaunchableGame | undefined,
  mode: LaunchMode,
): LaunchableGame & { launchUrl: string } => {
  if (game === undefined) throw new AppError('GAME_NOT_FOUND');
  const { launchUrl } = game;
  const isListed = game.isGameEnabled && game.isVendorEnabled && game.isTileEnabled !== false;
  const isVendorLaunch = game.integration === 'seamless' && lotteryRouteOf(game.vendorCode) === null;
  const isConnected = launchBaseOf(launchUrl) !== null && (mode === 'demo' || game.hasWalletKey);
  const isModeOffered = mode === 'real' || game.hasTrial || game.tileFreeplay === true;
  if (!isListed || !isVendorLaunch || !isConnected || !isModeOffered || launchUrl === null) {
    throw new AppError('GAME_UNAVAILABLE');
  }
  if (game.isUnderMaintenance) {
    const until = game.maintenanceEndsAt ? ` until ${game.maintenanceEndsAt.toISOString()}` : '';
    throw new AppError('GAME_UNAVAILABLE', { message: `This game's provider is under maintenance${until}.` });
  }
  return { ...game, launchUrl };
};

/** The vendor's launch URL when it is an absolute http(s) URL. */
const launchBaseOf = (launchUrl: string | null): URL | null => {
  if (launchUrl === null || !URL.canParse(launchUrl)) return null;
  const url = new URL(launchUrl);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
};

/**
 * The vendor's URL with what the game needs: the launch token (real money only), the game and vendor codes,
 * the currency, the language, the mode and the origin of the site page that frames the game (the vendor's
 * page lists it in its CSP frame-ancestors, issue 30 point 7). Parameters the vendor's own URL carries are
 * kept; ours win.
 */
export const buildLaunchUrl = (
  launchUrl: string,
  parameters: {
    token: string | null;
    /** The protocol's `user` (our member id), which the vendor sends back on every wallet call. */
    user: string | null;
    gameCode: string;
    vendorCode: string;
    currency: string;
    language: string;
    mode: LaunchMode;
    siteOrigin: string | null;
  },
): string => {
  const url = new URL(launchUrl);
  const search = url.searchParams;
  search.delete('token');
  search.delete('user');
  if (parameters.token !== null) search.set('token', parameters.token);
  if (parameters.user !== null) search.set('user', parameters.user);
  search.set('game', parameters.gameCode);
  search.set('vendor', parameters.vendorCode);
  search.set('currency', parameters.currency);
  search.set('lang', parameters.language.toLowerCase());
  search.set('mode', parameters.mode);
  search.delete('origin');
  if (parameters.siteOrigin !== null) search.set('origin', parameters.siteOrigin);
  return url.toString();
};

/**
 * Starting a vendor's game. Real money: a member (never a trial account) gets a fresh 256-bit launch token
 * whose SHA-256 is kept in `game_sessions` for 12 hours, and the game moves to the top of their recent
 * games, in one transaction; not while they are in a time-out or a self-exclusion (PLAYER_EXCLUDED) or have
 * used up a session-time limit (PLAYER_LIMIT_REACHED). Demo: the vendor's pretend money, no token, nothing
 * written, anyone may.
 */
export const createLaunchService = ({
  db,
  protection,
}: {
  db: Database;
  protection: Pick<ProtectionService, 'assertCanPlay'>;
}) => {
  const demoLaunch = async (brand: LaunchBrand, request: LaunchRequest): Promise<LaunchGameResult> => {
    const game = requireLaunchable(await repository.findLaunchableGame(db, BigInt(request.nodeId)), 'demo');
    return {
      url: buildLaunchUrl(game.launchUrl, {
        token: null,
        user: null,
        gameCode: game.gameCode,
        vendorCode: game.vendorCode,
        currency: brand.currency,
        language: request.language,
        mode: 'demo',
        siteOrigin: request.siteOrigin,
      }),
      nodeId: request.nodeId,
      gameCode: game.gameCode,
      vassalage: game.vendorCode,
      gameName: game.gameName,
      mode: 'demo',
    };
  };

  const launch = async (
    member: LaunchMember,
    brand: LaunchBrand,
    request: LaunchRequest,
  ): Promise<LaunchGameResult> => {
    if (request.demo) return demoLaunch(brand, request);
    const game = requireLaunchable(await repository.findLaunchableGame(db, BigInt(request.nodeId)), 'real');
    // The wallet refuses their stakes anyway; a token would only open a game that cannot be played.
    await protection.assertCanPlay(member.id);
    const { token, tokenHash } = createSessionToken();
    await db.transaction(async (tx) => {
      await repository.insertGameSession(tx, {
        tokenHash,
        brandId: member.brandId,
        memberId: member.id,
        vendorId: game.vendorId,
        gameId: game.gameId,
        currency: brand.currency,
      });
      await recordRecentGame(tx, member.id, game.gameId);
    });
    return {
      url: buildLaunchUrl(game.launchUrl, {
        token,
        user: member.id.toString(),
        gameCode: game.gameCode,
        vendorCode: game.vendorCode,
        currency: brand.currency,
        language: request.language,
        mode: 'real',
        siteOrigin: request.siteOrigin,
      }),
      nodeId: request.nodeId,
      gameCode: game.gameCode,
      vassalage: game.vendorCode,
      gameName: game.gameName,
      mode: 'real',
    };
  };

  return { launch, demoLaunch };
};

export type LaunchService = ReturnType<typeof createLaunchService>;
