import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
import { visitorOf } from './http/request-context';
import { registerWebApp } from './http/web-app';
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
import { healthRoutes } from './modules/health/health.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { createMessageService } from './modules/messages/messages.service';
import { createMemberService } from './modules/members/members.service';
import { notificationsAdminRoutes } from './modules/notifications/notifications-admin.routes';
import { createNotificationService } from './modules/notifications/notifications.service';
import { pushRoutes } from './modules/push/push.routes';
import { createPushService, type PushService } from './modules/push/push.service';
import { siteAdminRoutes } from './modules/site/site-admin.routes';
import { siteRoutes } from './modules/site/site.routes';
import { createSiteService } from './modules/site/site.service';
import { uploadAdminRoutes, uploadRoutes } from './modules/uploads/uploads.routes';
import { createUploadService } from './modules/uploads/uploads.service';

export type AppDependencies = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Where logs go; standard output when absent (tests capture them to check what is never logged). */
  logStream?: DestinationStream;
  /** Signals to members' open sites; tests pass their own to watch or send them. */
  push?: PushService;
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

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", 'https://www.googletagmanager.com'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'", 'https:'],
        'frame-src': ["'self'", 'https:'],
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

  await app.register(healthRoutes({ pingDatabase: database.ping, isClosing: () => isClosing }));
  await app.register(
    async (api) => {
      await api.register(siteRoutes(site));
      await api.register(authRoutes({ auth, requireMember, decryptBody, bodyKeyring }));
      await api.register(socialSignInRoutes(socialSignIn));
      await api.register(pushRoutes(push, requireMember));
      await api.register(messageRoutes(messages, requireMember));
      await api.register(uploadRoutes(uploads, requireMember));
      await api.register(
        async (operator) => {
          await operator.register(backofficeRoutes(backoffice, requireStaff));
          await operator.register(siteAdminRoutes(site, requireStaff));
          await operator.register(socialSignInAdminRoutes(socialSignIn, requireStaff));
          await operator.register(notificationsAdminRoutes(notifications, site, requireStaff));
          await operator.register(uploadAdminRoutes(uploads, requireStaff));
        },
        { prefix: '/backoffice' },
      );
    },
    { prefix: '/wps' },
  );

  await registerWebApp(app, config.WEB_DIST);
  return app;
};
