import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import { homeContentQuery } from '@wps/contracts/content-rules';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { registerApiDocs, registerOperatorApiDocs } from './http/api-docs';
import { createPagePolicy, platformPolicyDirectives } from './http/content-security-policy';
import { registerErrorHandling } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { requestOriginOf } from './http/request-context';
import { redactedLogPaths, serializeError, serializeRequest } from './http/log-serializers';
import { createMachineCallSummary, requestLogController } from './http/request-logging';
import { refuseUnstorableText } from './http/storable-text';
import { createJobScheduler, type JobScheduler } from './jobs/scheduler';
import { agentsModule } from './modules/agents/agents.module';
import { amlModule } from './modules/aml/aml.module';
import { auditModule } from './modules/audit/audit.module';
import { authModule } from './modules/auth/auth.module';
import { backofficeModule } from './modules/backoffice/backoffice.module';
import { contentModule } from './modules/content/content.module';
import { feedbackModule } from './modules/feedback/feedback.module';
import { gamesModule } from './modules/games/games.module';
import { healthModule } from './modules/health/health.module';
import { houseGamesModule } from './modules/house-games/house-games.module';
import { kycModule } from './modules/kyc/kyc.module';
import { liveChatModule } from './modules/live-chat/live-chat.module';
import { loyaltyModule } from './modules/loyalty/loyalty.module';
import { memberAccountModule } from './modules/members/member-account.module';
import { memberProfileModule } from './modules/members/member-profile.module';
import { membersModule } from './modules/members/members.module';
import { messagesModule } from './modules/messages/messages.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { paymentsModule } from './modules/payments/payments.module';
import { createPushService, type PushService } from './modules/push/push.service';
import { promotionsModule } from './modules/promotions/promotions.module';
import { protectionModule } from './modules/protection/protection.module';
import { pushModule } from './modules/push/push.module';
import { reportsModule } from './modules/reports/reports.module';
import { siteModule } from './modules/site/site.module';
import { turnoverModule } from './modules/turnover/turnover.module';
import { uploadsModule } from './modules/uploads/uploads.module';
import { walletModule } from './modules/wallet/wallet.module';
import { registerBackofficeApp } from './http/backoffice-app';
import { registerWebApp } from './http/web-app';

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
  const machineCalls = createMachineCallSummary(config.MACHINE_CALL_SUMMARY_MS);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: redactedLogPaths,
      serializers: { req: serializeRequest, err: serializeError },
      ...(logStream ? { stream: logStream } : {}),
    },
    // In development the per-request lines are at debug, so the terminal shows the banner and the warnings;
    // everywhere the vendors' callbacks are, summed up at info every MACHINE_CALL_SUMMARY_MS.
    logController: requestLogController(config.NODE_ENV, machineCalls),
    trustProxy: config.TRUSTED_PROXIES,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  machineCalls.start(app.log);
  app.addHook('onClose', async () => {
    machineCalls.stop(app.log);
  });
  refuseUnstorableText(app);
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

  // This origin only; a brand's pages get their own policy with the hosts that brand uses (pagePolicy below).
  registerSecurityHeaders(app, platformPolicyDirectives);

  await registerApiDocs(app);

  const scheduler = givenScheduler ?? createJobScheduler(app.log);
  // Jobs stop first (preClose runs before the server and every onClose hook), so none is mid-query when
  // whoever owns the database closes it.
  app.addHook('preClose', scheduler.stop);
  await app.register(
    fastifyPlugin(
      async (instance) => {
        instance.decorate('platform', { config, database, push, scheduler, clock, sandboxGatewayUrl });
      },
      { name: 'platform' },
    ),
  );

  // The domains, each after the ones it builds on (a module names them; Fastify refuses a wrong order).
  await app.register(healthModule);
  await app.register(backofficeModule);
  await app.register(auditModule);
  await app.register(siteModule);
  await app.register(membersModule);
  await app.register(notificationsModule);
  await app.register(authModule);
  await app.register(pushModule);
  await app.register(messagesModule);
  await app.register(uploadsModule);
  await app.register(feedbackModule);
  await app.register(liveChatModule);
  await app.register(turnoverModule);
  await app.register(walletModule);
  await app.register(kycModule);
  await app.register(protectionModule);
  await app.register(promotionsModule);
  await app.register(loyaltyModule);
  await app.register(gamesModule);
  await app.register(paymentsModule);
  await app.register(houseGamesModule);
  await app.register(agentsModule);
  await app.register(contentModule);
  await app.register(reportsModule);
  await app.register(memberProfileModule);
  await app.register(memberAccountModule);
  await app.register(amlModule);
  registerOperatorApiDocs(app, app.backoffice.requireStaff);

  await registerBackofficeApp(app, config.BACKOFFICE_DIST);
  await registerWebApp(app, config.WEB_DIST, {
    // Each brand installs under its own name and colour.
    webManifest: async (request) => {
      await app.site.requireBrand(request);
      const { brand } = request;
      return { name: brand.siteName, shortName: brand.siteName.slice(0, 12), themeColor: brand.themeColor };
    },
    // Home's guest content call and its first w_home banner (its largest paint), asked for while the script
    // loads; the banner is in the page itself, where the carousel will show it.
    homePage: async (request) => {
      await app.site.requireBrand(request);
      const { brand } = request;
      const { list } = await app.content.content.listBanners(brand.id, 'w_home', brand.defaultLanguage);
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
    pagePolicy: createPagePolicy({
      brandOf: async (request) => {
        await app.site.requireBrand(request);
        return request.brand;
      },
      contentImageOrigins: app.content.content.imageOrigins,
      gameOrigins: app.games.externalOrigins,
      runtimeFrameOrigins: gameFrameOrigins,
      // The speed test pings the brand's mirror domains from the page (issue 30, point 2).
      siteDomainOrigins: async (request) =>
        (await app.site.site.getDomainOrigins(request.visitor, 0, requestOriginOf(request))).domainList.map(
          (domain) => domain.origin,
        ),
    }),
  });
  return app;
};
