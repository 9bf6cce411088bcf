import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { homeContentQuery } from '@wps/contracts/content-rules';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { registerErrorHandling } from './http/error-handler';
import { createJobScheduler, type JobScheduler } from './jobs/scheduler';
import { visitorOf } from './http/request-context';
import { registerBackofficeApp } from './http/backoffice-app';
import { registerWebApp, siteInlineScriptHashes } from './http/web-app';
import { createMemberGuard } from './modules/auth/auth.guard';
import { createBodyDecryptionHook, createBodyKeyring } from './modules/auth/encrypted-body';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createSocialSignIn } from './modules/auth/social-sign-in';
import { socialSignInAdminRoutes } from './modules/auth/social-sign-in-admin.routes';
import { socialSignInRoutes } from './modules/auth/social-sign-in.routes';
import { createStaffGuard } from './modules/backoffice/backoffice.guard';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes';
import { createBackofficeService } from './modules/backoffice/backoffice.service';
import { contentAdminRoutes } from './modules/content/content-admin.routes';
import { contentRoutes } from './modules/content/content.routes';
import { createContentService } from './modules/content/content.service';
import { catalogueRoutes } from './modules/games/catalogue.routes';
import { createCatalogueService } from './modules/games/catalogue.service';
import { favouriteRoutes } from './modules/games/favourites.routes';
import { createFavouriteService } from './modules/games/favourites.service';
import { createGameImageService } from './modules/games/game-images';
import { gameImageRoutes } from './modules/games/game-images.routes';
import { vendorAdminRoutes } from './modules/games/vendors-admin.routes';
import { createVendorService } from './modules/games/vendors.service';
import { launchRoutes } from './modules/games/launch.routes';
import { createLaunchService } from './modules/games/launch.service';
import { roundsRoutes } from './modules/games/rounds.routes';
import { crashRoutes } from './modules/house-games/crash.routes';
import { createJackpotService } from './modules/house-games/jackpot.service';
import { createSeedService } from './modules/house-games/seeds.service';
import { houseGameRoutes } from './modules/house-games/slot.routes';
import { createSlotService, slotFairnessGame, verifySlotRound } from './modules/house-games/slot.service';
import {
  createCrashService,
  crashSettingsOf,
  scheduleCrashGame,
  verifyCrashRound,
} from './modules/house-games/crash.service';
import { createRoundsService } from './modules/games/rounds.service';
import { lotteryAdminRoutes } from './modules/house-games/lottery-admin.routes';
import { lotteryRoutes } from './modules/house-games/lottery.routes';
import {
  createLotteryService,
  scheduleLottery,
  verifyLotteryDraw,
} from './modules/house-games/lottery.service';
import { vendorWalletRoutes } from './modules/games/vendor-wallet.routes';
import { createVendorWalletService, scheduleIdleRoundClosing } from './modules/games/vendor-wallet.service';
import { createPlatformSigner } from './modules/games/wallet-signing';
import { feedbackAdminRoutes, feedbackRoutes } from './modules/feedback/feedback.routes';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { healthRoutes } from './modules/health/health.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { createMessageService } from './modules/messages/messages.service';
import { createMemberService } from './modules/members/members.service';
import { notificationsAdminRoutes } from './modules/notifications/notifications-admin.routes';
import { createNotificationService } from './modules/notifications/notifications.service';
import { createChannelService } from './modules/payments/channels.service';
import { depositAdminRoutes } from './modules/payments/deposits-admin.routes';
import { depositRoutes } from './modules/payments/deposits.routes';
import { createDepositService } from './modules/payments/deposits.service';
import { createGatewayClient, ownUrl } from './modules/payments/gateway-client';
import { createPaymentPasswordService } from './modules/payments/payment-password.service';
import { createPaymentSettingsService } from './modules/payments/payment-settings.service';
import { createPayoutAccountService } from './modules/payments/payout-accounts.service';
import { withdrawalAdminRoutes } from './modules/payments/withdrawals-admin.routes';
import { withdrawalRoutes } from './modules/payments/withdrawals.routes';
import { createWithdrawalService } from './modules/payments/withdrawals.service';
import { pushRoutes } from './modules/push/push.routes';
import { createPushService, type PushService } from './modules/push/push.service';
import { siteAdminRoutes } from './modules/site/site-admin.routes';
import { siteRoutes } from './modules/site/site.routes';
import { liveChatRoutes, pingRoutes } from './modules/site/site-tools.routes';
import { createSiteService } from './modules/site/site.service';
import { uploadAdminRoutes, uploadRoutes } from './modules/uploads/uploads.routes';
import { createUploadService } from './modules/uploads/uploads.service';
import { createTurnoverService } from './modules/turnover/turnover.service';
import { createLedgerService } from './modules/wallet/ledger.service';
import { createWalletService } from './modules/wallet/wallet.service';
import { createFundsService } from './modules/wallet/funds.service';
import { agentAdminRoutes } from './modules/agents/agents-admin.routes';
import { agentRoutes } from './modules/agents/agents.routes';
import { createAgentService } from './modules/agents/agents.service';
import { agentContractAdminRoutes, agentContractRoutes } from './modules/agents/contracts.routes';
import { createContractService } from './modules/agents/contracts.service';
import { createRollupService, scheduleRollupFold } from './modules/agents/rollups.service';
import { scheduleAgentSettlement } from './modules/agents/settlement.jobs';
import { createSettlementService } from './modules/agents/settlement.service';
import { createRecordsService } from './modules/wallet/records.service';
import { createTransferService } from './modules/wallet/transfers.service';
import { walletAdminRoutes } from './modules/wallet/wallet-admin.routes';
import { createWalletAdminService } from './modules/wallet/wallet-admin.service';
import { walletRoutes } from './modules/wallet/wallet.routes';

export type AppDependencies = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Where logs go; standard output when absent (tests capture them to check what is never logged). */
  logStream?: DestinationStream;
  /** Signals to members' open sites; tests pass their own to watch or send them. */
  push?: PushService;
  /**
   * Periodic jobs (draws, rounds, settlement). Tests pass one whose timers never fire unless they say so
   * and call `runNow`; it is stopped when the app closes.
   */
  scheduler?: JobScheduler;
  /** The time in milliseconds for games on a schedule (crash rounds); tests pass their own. */
  clock?: () => number;
  /** The sandbox payment gateway started beside the platform (main.ts), for channels without a baseUrl. */
  sandboxGatewayUrl?: string;
  /**
   * Origins of game vendors served over plain http that the site may frame (the demo vendor main.ts starts
   * after listening, so read on every request); https vendors are always allowed.
   */
  gameFrameOrigins?: () => readonly string[];
};

/** Headers and cookies that must never be written to the logs. */
const redactedPaths = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/**
 * Fastify's request serializer, except that a `token` query parameter is masked: social sign-in hands the
 * session token to the site as `/?token=…` (the spec lets it arrive in the query), and logs must not keep it.
 */
const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.replace(/([?&]token=)[^&#]*/gi, '$1[Redacted]'),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket.remotePort,
});

/** Builds the whole application without listening, so tests can use `app.inject()`. */
export const buildApp = async ({
  config,
  database,
  logStream,
  push = createPushService(),
  scheduler: givenScheduler,
  clock,
  sandboxGatewayUrl,
  gameFrameOrigins = () => [],
}: AppDependencies): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: redactedPaths,
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.TRUSTED_PROXIES,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The API speaks JSON (and forms, for the spec's form-encoded forgot-password call); plain text would
  // only reach validation as strings.
  app.removeContentTypeParser('text/plain');
  await app.register(formBody, { bodyLimit: config.BODY_LIMIT_BYTES });
  await app.register(cookie);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // JSON answers are compressed on the fly (brotli at a fast level); the built sites are precompressed at
  // build time, and the event stream is left alone so that pushes are never held back in a buffer.
  await app.register(compress, {
    customTypes: /^application\/json\b/,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", 'https://www.googletagmanager.com', ...siteInlineScriptHashes],
        'style-src': ["'self'", "'unsafe-inline'"],
        // blob: the operator console shows proof images fetched with its staff token as object URLs.
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'https:'],
        'frame-src': ["'self'", 'https:', () => gameFrameOrigins().join(' ')],
        // The site's service worker (/sw.js) and web app manifest come from this origin only.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
      },
    },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'WPS platform API',
        description:
          'Every /wps answer is the envelope { success, value, message } with a stable code on failure.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  const scheduler = givenScheduler ?? createJobScheduler(app.log);
  app.addHook('onClose', scheduler.stop);

  const site = createSiteService({ db: database.db, defaultMerchant: config.DEFAULT_MERCHANT });
  const backoffice = createBackofficeService({ db: database.db });
  const requireStaff = createStaffGuard(backoffice);
  const members = createMemberService({ db: database.db });
  const notifications = createNotificationService({ db: database.db });
  const fixedCaptcha = config.TEST_CAPTCHA_ANSWER;
  const auth = createAuthService({
    db: database.db,
    site,
    members,
    notifications,
    ...(fixedCaptcha ? { captchaText: () => fixedCaptcha } : {}),
    ...(config.REGISTRATIONS_PER_ADDRESS_PER_HOUR === undefined
      ? {}
      : { registrationsPerAddressPerHour: config.REGISTRATIONS_PER_ADDRESS_PER_HOUR }),
  });
  const requireMember = createMemberGuard(auth);
  const socialSignIn = createSocialSignIn({ db: database.db, site, auth });
  const bodyKeyring = createBodyKeyring(database.db);
  const decryptBody = createBodyDecryptionHook(
    bodyKeyring,
    async (request) => (await site.getBrandContext(visitorOf(request))).brand.requireEncryptedBodies,
  );

  const messages = createMessageService({ db: database.db, push });
  const uploads = createUploadService({ db: database.db, directory: config.UPLOADS_DIR });
  const feedback = createFeedbackService({ db: database.db, site, uploads, members });
  // The one ledger (and the services on it) that every money domain shares; never create a second one.
  const ledger = createLedgerService({ db: database.db });
  const wallet = createWalletService({ db: database.db, ledger, push });
  const turnover = createTurnoverService({ db: database.db });
  const funds = createFundsService({ db: database.db, ledger, wallet });
  const records = createRecordsService({ db: database.db, ledger, wallet });
  const catalogue = createCatalogueService({ db: database.db });
  const content = createContentService({ db: database.db });
  const favourites = createFavouriteService({ db: database.db, catalogue });
  const gameVendors = createVendorService({ db: database.db, onCatalogueChange: catalogue.clearCaches });
  const launch = createLaunchService({ db: database.db });
  const rounds = createRoundsService({ db: database.db, wallet, records });
  const vendorWallet = createVendorWalletService({
    db: database.db,
    ledger,
    wallet,
    turnover,
    members,
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
  const transfers = createTransferService({ db: database.db, ledger, wallet, members, messages });
  const walletAdmin = createWalletAdminService({
    db: database.db,
    ledger,
    wallet,
    members,
    messages,
    turnover,
    funds,
    records,
  });
  const paymentSettings = createPaymentSettingsService({ db: database.db, wallet });
  const withdrawals = createWithdrawalService({
    db: database.db,
    ledger,
    wallet,
    turnover,
    messages,
    members,
    uploads,
    settings: paymentSettings,
  });
  const channels = createChannelService({ db: database.db, wallet });
  const deposits = createDepositService({
    db: database.db,
    ledger,
    wallet,
    turnover,
    messages,
    uploads,
    members,
    channels,
    gateway: createGatewayClient({ sandboxUrl: sandboxGatewayUrl, log: app.log }),
    // Gateways post their notices to the platform itself: its public address, else where it listens.
    callbackBaseUrl: () => config.PUBLIC_URL ?? ownUrl(app.server, config.HOST, config.PORT),
    log: app.log,
  });

  const crash = createCrashService({
    db: database.db,
    ledger,
    wallet,
    turnover,
    settings: crashSettingsOf(config),
    ...(clock ? { clock } : {}),
    onError: (error) => {
      app.log.error({ err: error }, 'crash game');
    },
  });
  if (config.CRASH_ENABLED) scheduleCrashGame(scheduler, crash, config.CRASH_TICK_MS);
  app.addHook('onClose', crash.close);

  // Provable fairness of house games: each game registers the verifier of its results under its kind.
  const houseSeeds = createSeedService({
    db: database.db,
    verifiers: {
      [slotFairnessGame]: verifySlotRound,
      lottery: verifyLotteryDraw,
      crash: verifyCrashRound,
    },
  });
  const houseSlot = createSlotService({
    db: database.db,
    ledger,
    wallet,
    turnover,
    seeds: houseSeeds,
    jackpots: createJackpotService({ db: database.db, ledger, wallet }),
    settings: {
      betLevels: config.HOUSE_SLOT_BET_LEVELS,
      jackpotOddsStake: config.HOUSE_JACKPOT_ODDS_STAKE,
      jackpotSeed: config.HOUSE_JACKPOT_SEED,
    },
  });

  const agents = createAgentService({ db: database.db, members, ledger });
  const lottery = createLotteryService({
    db: database.db,
    ledger,
    wallet,
    turnover,
    schedule: {
      speedDrawSeconds: config.LOTTERY_SPEED_DRAW_SECONDS,
      vnDrawEverySeconds: config.LOTTERY_VN_DRAW_EVERY_SECONDS,
      seaDrawEverySeconds: config.LOTTERY_SEA_DRAW_EVERY_SECONDS,
      cutoffSeconds: config.LOTTERY_CUTOFF_SECONDS,
    },
    log: app.log,
  });
  scheduleLottery(scheduler, lottery, config.LOTTERY_JOB_INTERVAL_MS);

  const agentContracts = createContractService({
    db: database.db,
    members,
    ledger,
    realtimeSlotMs: config.AGENT_REALTIME_SALARY_INTERVAL_MS,
  });
  const rollups = createRollupService({ db: database.db });
  scheduleRollupFold(scheduler, rollups, config.AGENT_FIGURES_FOLD_INTERVAL_MS);
  const agentSettlement = createSettlementService({
    db: database.db,
    ledger,
    wallet,
    realtimeSlotMs: config.AGENT_REALTIME_SALARY_INTERVAL_MS,
    log: app.log,
    foldFigures: rollups.fold,
  });
  scheduleAgentSettlement(scheduler, agentSettlement, {
    periodsMs: config.AGENT_SETTLEMENT_INTERVAL_MS,
    realtimeMs: config.AGENT_REALTIME_SALARY_INTERVAL_MS,
  });

  await app.register(healthRoutes({ pingDatabase: database.ping, isClosing: () => isClosing }));
  // The vendor wallet protocol answers in its own format (never the envelope), so it is a plugin of its own.
  await app.register(vendorWalletRoutes({ vendorWallet, signer: createPlatformSigner(database.db) }), {
    prefix: '/wps/vendor-wallet',
  });
  await app.register(
    async (api) => {
      await api.register(siteRoutes(site));
      await api.register(authRoutes({ auth, requireMember, decryptBody, bodyKeyring }));
      await api.register(socialSignInRoutes(socialSignIn));
      await api.register(pushRoutes(push, requireMember));
      await api.register(messageRoutes(messages, requireMember));
      await api.register(uploadRoutes(uploads, requireMember));
      await api.register(feedbackRoutes(feedback, requireMember));
      await api.register(liveChatRoutes(site));
      await api.register(walletRoutes({ site, wallet, funds, transfers, records }, requireMember));
      await api.register(catalogueRoutes({ catalogue, site, requireMember }));
      await api.register(contentRoutes({ content, site }));
      await api.register(favouriteRoutes({ catalogue, favourites, requireMember }));
      await api.register(launchRoutes({ launch, site, requireMember }));
      await api.register(roundsRoutes({ rounds, site, requireMember }));
      await api.register(lotteryRoutes({ lottery, site, requireMember }));
      await api.register(agentRoutes({ agents, site, requireMember }));
      await api.register(
        agentContractRoutes({ contracts: agentContracts, settlement: agentSettlement, site, requireMember }),
      );
      await api.register(houseGameRoutes({ seeds: houseSeeds, slot: houseSlot, site, requireMember }));
      await api.register(crashRoutes({ crash, site, requireMember }));
      await api.register(
        withdrawalRoutes({
          withdrawals,
          payoutAccounts: createPayoutAccountService({ db: database.db, members }),
          paymentPassword: createPaymentPasswordService({ db: database.db, members }),
          site,
          requireMember,
        }),
      );
      await api.register(
        depositRoutes({ deposits, channels, site, requireMember, publicUrl: config.PUBLIC_URL }),
      );
      await api.register(
        async (operator) => {
          await operator.register(backofficeRoutes(backoffice, requireStaff));
          await operator.register(siteAdminRoutes(site, requireStaff));
          await operator.register(socialSignInAdminRoutes(socialSignIn, requireStaff));
          await operator.register(notificationsAdminRoutes(notifications, site, requireStaff));
          await operator.register(uploadAdminRoutes(uploads, requireStaff));
          await operator.register(feedbackAdminRoutes(feedback, requireStaff));
          await operator.register(depositAdminRoutes({ deposits, channels, site, requireStaff }));
          await operator.register(walletAdminRoutes({ site, funds, admin: walletAdmin }, requireStaff));
          await operator.register(vendorAdminRoutes(gameVendors, requireStaff));
          await operator.register(lotteryAdminRoutes(lottery, requireStaff));
          await operator.register(agentAdminRoutes({ agents, site, requireStaff }));
          await operator.register(
            agentContractAdminRoutes({
              contracts: agentContracts,
              site,
              settlement: agentSettlement,
              requireStaff,
              allowAsOf: config.NODE_ENV === 'test',
            }),
          );
          await operator.register(contentAdminRoutes({ content, site, requireStaff }));
          await operator.register(
            withdrawalAdminRoutes({ withdrawals, settings: paymentSettings, site, requireStaff }),
          );
        },
        { prefix: '/backoffice' },
      );
    },
    { prefix: '/wps' },
  );

  // Game and vendor artwork at the spec's image paths, outside /wps (the image CDN, when set, mirrors them).
  await app.register(gameImageRoutes(createGameImageService({ db: database.db })));
  await app.register(pingRoutes);
  await registerBackofficeApp(app, config.BACKOFFICE_DIST);
  await registerWebApp(app, config.WEB_DIST, {
    // Each brand installs under its own name and colour.
    webManifest: async (request) => {
      const brand = await site.resolveBrand(visitorOf(request));
      return { name: brand.siteName, shortName: brand.siteName.slice(0, 12), themeColor: brand.themeColor };
    },
    // Home's guest content call and its first w_home banner (its largest paint), asked for while the script
    // loads; the banner is in the page itself, where the carousel will show it.
    homePage: async (request) => {
      const brand = await site.resolveBrand(visitorOf(request));
      const { list } = await content.listBanners(brand.id, 'w_home', brand.defaultLanguage);
      const query = new URLSearchParams(homeContentQuery('B', brand.defaultLanguage)).toString();
      const [first] = list;
      return {
        preloads: [
          ...(first ? [{ href: first.url, as: 'image' as const }] : []),
          { href: `/wps/relay/CSP_getContent?${query}`, as: 'fetch' as const },
        ],
        banner: first && { url: first.url, title: first.title, language: brand.defaultLanguage },
      };
    },
  });
  return app;
};
