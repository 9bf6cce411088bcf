import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { accountSessionRoutes } from './account-sessions.routes';
import { createMemberGuards, decorateMemberContext, type MemberGuards } from './auth.guard';
import { authRoutes } from './auth.routes';
import { type AuthService, createAuthService } from './auth.service';
import { type BodyDecryptionHook, createBodyDecryptionHook, createBodyKeyring } from './encrypted-body';
import { authPurgeJobName, purgeExpiredAuthRows } from './purge-expired';
import { socialSignInAdminRoutes } from './social-sign-in-admin.routes';
import { socialSignInRoutes } from './social-sign-in.routes';
import { createSocialSignIn } from './social-sign-in';

export type AuthModule = MemberGuards & {
  auth: AuthService;
  /** `preValidation` hook of the spec's "encrypt" calls: opens the body, refuses a plain one where the brand says so. */
  decryptBody: BodyDecryptionHook;
};

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthModule;
  }
}

/** Sessions, sign-in and registration; every member route's guard comes from here. */
export const authModule = defineModule(
  'auth',
  ['site', 'members', 'notifications', 'backoffice'],
  async (app) => {
    const { config, database, scheduler } = app.platform;
    const { site, requireBrand } = app.site;
    const fixedCaptcha = config.TEST_CAPTCHA_ANSWER;
    const auth = createAuthService({
      db: database.db,
      site,
      members: app.members.members,
      notifications: app.notifications.notifications,
      ...(fixedCaptcha ? { captchaText: () => fixedCaptcha } : {}),
      ...(config.REGISTRATIONS_PER_ADDRESS_PER_HOUR === undefined
        ? {}
        : { registrationsPerAddressPerHour: config.REGISTRATIONS_PER_ADDRESS_PER_HOUR }),
    });
    // Expired captchas, codes, reset links and spent attempt counters, hourly.
    scheduler.every(authPurgeJobName, 60 * 60_000, async () => {
      await purgeExpiredAuthRows({ db: database.db });
    });
    const guards = createMemberGuards(auth, requireBrand);
    decorateMemberContext(app);
    const bodyKeyring = createBodyKeyring(database.db);
    const decryptBody = createBodyDecryptionHook(bodyKeyring, async (request) => {
      await requireBrand(request);
      return request.brand.requireEncryptedBodies;
    });
    app.decorate('auth', { auth, ...guards, decryptBody });

    const socialSignIn = createSocialSignIn({ db: database.db, site, auth });
    await app.register(authRoutes({ auth, ...guards, decryptBody, bodyKeyring }), {
      prefix: apiPrefix,
    });
    await app.register(accountSessionRoutes({ auth, ...guards }), { prefix: apiPrefix });
    await app.register(socialSignInRoutes(socialSignIn), { prefix: apiPrefix });
    await app.register(socialSignInAdminRoutes(socialSignIn, { ...app.backoffice, requireBrand }), {
      prefix: operatorApiPrefix,
    });
  },
);
