import { defineModule, operatorApiPrefix } from '../../platform';
import { membersAdminRoutes } from './members-admin.routes';
import { createMemberService, type MemberService } from './members.service';

export type MembersModule = { members: MemberService };

declare module 'fastify' {
  interface FastifyInstance {
    members: MembersModule;
  }
}

/**
 * Players, agents and trial accounts; other domains read and change members through this service. Staff
 * search them in the console.
 */
export const membersModule = defineModule('members', ['site', 'backoffice'], async (app) => {
  const members = createMemberService({ db: app.platform.database.db });
  app.decorate('members', { members });
  await app.register(
    membersAdminRoutes(members, { ...app.backoffice, requireBrand: app.site.requireBrand }),
    {
      prefix: operatorApiPrefix,
    },
  );
});
