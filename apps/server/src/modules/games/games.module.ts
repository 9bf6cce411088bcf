import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { catalogueAdminRoutes } from './catalogue-admin.routes';
import { createCatalogueAdminService } from './catalogue-admin.service';
import { catalogueRoutes } from './catalogue.routes';
import { createCatalogueService } from './catalogue.service';
import { favouriteRoutes } from './favourites.routes';
import { createFavouriteService } from './favourites.service';
import { createGameImageService } from './game-images';
import { gameImageRoutes, uploadedGameImageRoutes } from './game-images.routes';
import { launchRoutes } from './launch.routes';
import { createLaunchService } from './launch.service';
import { roundsRoutes } from './rounds.routes';
import { createRoundsService, type RoundsService } from './rounds.service';
import { vendorWalletRoutes } from './vendor-wallet.routes';
import { createVendorWalletService, scheduleIdleRoundClosing } from './vendor-wallet.service';
import { vendorAdminRoutes } from './vendors-admin.routes';
import { createVendorService, type VendorService } from './vendors.service';
import { createPlatformSigner } from './wallet-signing';

export type GamesModule = {
  /** Where the site's pages may reach for games (their Content-Security-Policy). */
  externalOrigins: VendorService['externalOrigins'];
  /** The member's betting record as the member's page reads it (the console's member profile shows it). */
  rounds: RoundsService;
};

declare module 'fastify' {
  interface FastifyInstance {
    games: GamesModule;
  }
}

/** Vendors, the catalogue, launch, rounds and the seamless wallet vendors call. */
export const gamesModule = defineModule(
  'games',
  ['site', 'members', 'wallet', 'turnover', 'promotions', 'protection', 'auth', 'backoffice', 'uploads'],
  async (app) => {
    const { config, database, scheduler } = app.platform;
    const { db } = database;
    const { site, requireBrand } = app.site;
    const { requireMember, requireRealMember } = app.auth;
    const { ledger, wallet, records } = app.wallet;
    const catalogue = createCatalogueService({ db });
    const favourites = createFavouriteService({ db, catalogue });
    const vendors = createVendorService({ db, onCatalogueChange: catalogue.clearCaches });
    // The console's catalogue; the pictures operators upload are kept while a game shows them.
    const catalogueAdmin = createCatalogueAdminService({
      db,
      uploads: app.uploads.uploads,
      onCatalogueChange: catalogue.clearCaches,
    });
    app.uploads.uploads.registerReferences('game-images', catalogueAdmin.findReferencedUploads);
    // Player protection: a launch is refused while excluded, and a launched token dies with an exclusion.
    const { protection } = app.protection;
    const launch = createLaunchService({ db, protection });
    const rounds = createRoundsService({ db, wallet, records });
    app.decorate('games', { externalOrigins: vendors.externalOrigins, rounds });
    const vendorWallet = createVendorWalletService({
      db,
      ledger,
      wallet,
      turnover: app.turnover.turnover,
      bonuses: app.promotions.bonuses,
      members: app.members.members,
      protection,
      brandCurrency: site.getBrandCurrency,
      groupCommit: database.kind === 'postgres',
      onError: (error) => {
        app.log.error({ err: error }, 'vendor wallet call failed');
      },
    });
    scheduleIdleRoundClosing(scheduler, vendorWallet, {
      intervalMs: config.GAME_ROUND_IDLE_CHECK_INTERVAL_MS,
      idleMs: config.GAME_ROUND_IDLE_CLOSE_HOURS * 3_600_000,
    });

    // The vendor wallet protocol answers in its own format (never the envelope), so it is a plugin of its own.
    await app.register(vendorWalletRoutes({ vendorWallet, signer: createPlatformSigner(db) }), {
      prefix: `${apiPrefix}/vendor-wallet`,
    });
    await app.register(catalogueRoutes({ catalogue, requireBrand, requireMember }), { prefix: apiPrefix });
    await app.register(favouriteRoutes({ catalogue, favourites, requireMember, requireRealMember }), {
      prefix: apiPrefix,
    });
    await app.register(launchRoutes({ launch, requireBrand, requireMember, requireRealMember }), {
      prefix: apiPrefix,
    });
    await app.register(roundsRoutes({ rounds, requireMember }), { prefix: apiPrefix });
    await app.register(vendorAdminRoutes(vendors, app.backoffice), { prefix: operatorApiPrefix });
    await app.register(catalogueAdminRoutes(catalogueAdmin, { ...app.backoffice, requireBrand }), {
      prefix: operatorApiPrefix,
    });
    // Game and vendor artwork at the spec's image paths, outside /wps (the image CDN, when set, mirrors them).
    await app.register(gameImageRoutes(createGameImageService({ db })));
    await app.register(uploadedGameImageRoutes(catalogueAdmin.readImage));
  },
);
