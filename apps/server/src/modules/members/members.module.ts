import { defineModule } from '../../platform';
import { createMemberService, type MemberService } from './members.service';

export type MembersModule = { members: MemberService };

declare module 'fastify' {
  interface FastifyInstance {
    members: MembersModule;
  }
}

/** Players, agents and trial accounts; other domains read and change members through this service. */
export const membersModule = defineModule('members', [], async (app) => {
  app.decorate('members', { members: createMemberService({ db: app.platform.database.db }) });
});
