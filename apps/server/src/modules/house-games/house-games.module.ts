import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { cockfightAdminRoutes } from './cockfight/cockfight-admin.routes';
import { cockfightRoutes } from './cockfight/cockfight.routes';
import { createCockfightService, scheduleCockfight } from './cockfight/cockfight.service';
import { cockfightFairnessGame, verifyFightResult } from './cockfight/verify-fight';
import { crashRoutes } from './crash.routes';
import { fishingRoutes } from './fishing/fishing.routes';
import {
  createFishingService,
  fishingFairnessGame,
  scheduleFishing,
  verifyFishingShot,
} from './fishing/fishing.service';
import { createCrashService, crashSettingsOf, scheduleCrashGame, verifyCrashRound } from './crash.service';
import { houseGamesAdminRoutes } from './house-games-admin.routes';
import { createJackpotService } from './jackpot.service';
import { lotteryAdminRoutes } from './lottery-admin.routes';
import { lotteryRoutes } from './lottery.routes';
import { createLotteryService, scheduleLottery, verifyLotteryDraw } from './lottery.service';
import { createSeedService } from './seeds.service';
import { createPvpBotsService } from './pvp/bots-admin';
import { pvpBotsAdminRoutes } from './pvp/bots-admin.routes';
import { pvpRoutes } from './pvp/pvp.routes';
import { createPvpService, pvpFairnessGame, schedulePvp, verifyPvpDeal } from './pvp/pvp.service';
import { houseGameRoutes } from './slot.routes';
import { tablesRoutes } from './tables/tables.routes';
import { createTablesService, scheduleTables } from './tables/tables.service';
import { tablesFairnessGame, verifyTableResult } from './tables/verify-table-round';
import { createSlotService, slotFairnessGame, verifySlotRound } from './slot.service';

/** The house's own games (slot, crash, lottery) and their provable fairness. */
export const houseGamesModule = defineModule(
  'house-games',
  ['site', 'wallet', 'turnover', 'promotions', 'protection', 'auth', 'backoffice'],
  async (app) => {
    const { config, database, scheduler, clock } = app.platform;
    const { db } = database;
    const { requireBrand } = app.site;
    const { ledger, wallet } = app.wallet;
    const { turnover } = app.turnover;
    // Stakes take the member's cash first, then their bonus balance; wins return the bonus share to it.
    const { bonuses } = app.promotions;
    const { requireMember, requireRealMember } = app.auth;
    // Player protection binds every stake through the ledger's rule; entries (a fishing session, a card table's
    // seat) are refused early while a member is excluded.
    const { protection } = app.protection;

    const crash = createCrashService({
      db,
      ledger,
      wallet,
      turnover,
      bonuses,
      settings: crashSettingsOf(config),
      ...(clock ? { clock } : {}),
      onError: (error) => {
        app.log.error({ err: error }, 'crash game');
      },
    });
    if (config.CRASH_ENABLED) scheduleCrashGame(scheduler, crash, config.CRASH_TICK_MS);
    // The driver gives up its lease while the database is still open (preClose comes before every onClose).
    app.addHook('preClose', crash.close);

    // The live-style tables (baccarat, roulette, dragon tiger): shared rounds under one lease, like crash.
    const tables = createTablesService({
      db,
      ledger,
      wallet,
      turnover,
      bonuses,
      settings: { bettingMs: config.HOUSE_TABLES_BETTING_MS, bettingGate: database.kind !== 'pglite' },
      ...(clock ? { clock } : {}),
      onError: (error) => {
        app.log.error({ err: error }, 'house tables');
      },
    });
    if (config.HOUSE_TABLES_ENABLED) scheduleTables(scheduler, tables);
    app.addHook('preClose', tables.close);

    // The cockfight arena (one per brand): the console's fights, or the demo's simulated arena.
    const cockfight = createCockfightService({
      db,
      ledger,
      wallet,
      turnover,
      bonuses,
      isSimulatorEnabled: config.COCKFIGHT_SIMULATOR_ENABLED,
      ...(clock ? { clock } : {}),
      onError: (error) => {
        app.log.error({ err: error }, 'cockfight arena');
      },
    });
    scheduleCockfight(scheduler, cockfight, config.COCKFIGHT_TICK_MS);
    app.addHook('preClose', cockfight.stop);

    // The card rooms (no-limit hold'em): seats bought in from the wallet, hands under one driver lease (pvp/).
    const pvp = createPvpService({
      db,
      ledger,
      wallet,
      turnover,
      protection,
      ...(clock ? { clock } : {}),
      onError: (error) => {
        app.log.error({ err: error }, 'pvp tables');
      },
    });
    schedulePvp(scheduler, pvp);
    app.addHook('preClose', pvp.close);

    // Provable fairness of house games: each game registers the verifier of its results under its kind.
    const seeds = createSeedService({
      db,
      verifiers: {
        [slotFairnessGame]: verifySlotRound,
        lottery: verifyLotteryDraw,
        crash: verifyCrashRound,
        [tablesFairnessGame]: verifyTableResult,
        [cockfightFairnessGame]: verifyFightResult,
        [fishingFairnessGame]: verifyFishingShot,
        [pvpFairnessGame]: verifyPvpDeal,
      },
    });
    const slotSettings = {
      betLevels: config.HOUSE_SLOT_BET_LEVELS,
      jackpotOddsStake: config.HOUSE_JACKPOT_ODDS_STAKE,
      jackpotSeed: config.HOUSE_JACKPOT_SEED,
    };
    const slot = createSlotService({
      db,
      ledger,
      wallet,
      turnover,
      bonuses,
      seeds,
      jackpots: createJackpotService({ db, ledger, wallet }),
      settings: slotSettings,
    });
    // The fishing game: sessions of shots in batches, each shot from the member's seeds (fishing/).
    const fishing = createFishingService({
      db,
      ledger,
      wallet,
      turnover,
      bonuses,
      seeds,
      protection,
      ...(clock ? { clock } : {}),
      onError: (error) => {
        app.log.error({ err: error }, 'fishing');
      },
    });
    scheduleFishing(scheduler, fishing);
    const lottery = createLotteryService({
      db,
      site: app.site.site,
      ledger,
      wallet,
      turnover,
      bonuses,
      schedule: {
        speedDrawSeconds: config.LOTTERY_SPEED_DRAW_SECONDS,
        vnDrawEverySeconds: config.LOTTERY_VN_DRAW_EVERY_SECONDS,
        seaDrawEverySeconds: config.LOTTERY_SEA_DRAW_EVERY_SECONDS,
        cutoffSeconds: config.LOTTERY_CUTOFF_SECONDS,
      },
      log: app.log,
    });
    scheduleLottery(scheduler, lottery, config.LOTTERY_JOB_INTERVAL_MS);

    await app.register(lotteryRoutes({ lottery, requireBrand, requireMember, requireRealMember }), {
      prefix: apiPrefix,
    });
    await app.register(houseGameRoutes({ seeds, slot, requireBrand, requireMember, requireRealMember }), {
      prefix: apiPrefix,
    });
    await app.register(crashRoutes({ crash, requireMember, requireRealMember }), { prefix: apiPrefix });
    await app.register(fishingRoutes({ fishing, requireBrand, requireMember, requireRealMember }), {
      prefix: apiPrefix,
    });
    await app.register(tablesRoutes({ tables, requireMember, requireRealMember }), { prefix: apiPrefix });
    await app.register(pvpRoutes({ pvp, requireBrand, requireMember, requireRealMember }), {
      prefix: apiPrefix,
    });
    await app.register(cockfightRoutes({ cockfight, requireBrand, requireMember, requireRealMember }), {
      prefix: apiPrefix,
    });
    await app.register(
      cockfightAdminRoutes(cockfight, { ...app.backoffice, requireBrand: app.site.requireBrand }),
      { prefix: operatorApiPrefix },
    );
    await app.register(
      lotteryAdminRoutes(lottery, { ...app.backoffice, requireBrand: app.site.requireBrand }),
      { prefix: operatorApiPrefix },
    );
    // What each house game takes, for the console (read only: the configuration fixes it).
    await app.register(
      houseGamesAdminRoutes(
        { ledger, slotSettings, tables: tables.list() },
        { ...app.backoffice, requireBrand: app.site.requireBrand },
      ),
      { prefix: operatorApiPrefix },
    );
    // The operator's switch for house bots at quiet hold'em tables (pvp/bots-driver.ts seats them).
    await app.register(
      pvpBotsAdminRoutes(createPvpBotsService({ db, ledger, ...(clock ? { clock } : {}) }), {
        ...app.backoffice,
        requireBrand: app.site.requireBrand,
      }),
      { prefix: operatorApiPrefix },
    );
  },
);
