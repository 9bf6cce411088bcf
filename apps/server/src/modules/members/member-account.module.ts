import { apiPrefix, defineModule } from '../../platform';
import { memberAccountRoutes } from './member-account.routes';
import { createMemberAccountService } from './member-account.service';

/**
 * The member's own security centre (profile, contact binding; the payment password is the payments module's). Its guards and one-time codes
 * come from auth, which is built on members, so it is a module of its own registered after auth.
 */
export const memberAccountModule = defineModule(
  'member-account',
  ['site', 'members', 'auth'],
  async (app) => {
    const account = createMemberAccountService({
      db: app.platform.database.db,
      members: app.members.members,
      auth: app.auth.auth,
    });
    const { requireMember, requireRealMember } = app.auth;
    await app.register(memberAccountRoutes({ account, requireMember, requireRealMember }), {
      prefix: apiPrefix,
    });
  },
);
