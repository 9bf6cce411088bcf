import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { liveChatAdminRoutes } from './live-chat-admin.routes';
import { liveChatRoutes } from './live-chat.routes';
import { createLiveChatService, createStaffChatEvents, type LiveChatService } from './live-chat.service';

export type LiveChatModule = { liveChat: LiveChatService };

declare module 'fastify' {
  interface FastifyInstance {
    liveChat: LiveChatModule;
  }
}

/** Live chat between members and the brand's support staff (our own, in place of an external chat URL). */
export const liveChatModule = defineModule(
  'live-chat',
  ['site', 'backoffice', 'members', 'auth', 'push', 'messages', 'uploads', 'audit'],
  async (app) => {
    const liveChat = createLiveChatService({
      db: app.platform.database.db,
      push: app.platform.push,
      staffEvents: createStaffChatEvents(),
      messages: app.messages.messages,
      uploads: app.uploads.uploads,
      members: app.members.members,
      backoffice: app.backoffice.backoffice,
    });
    app.uploads.uploads.registerReferences('live-chat', liveChat.findReferencedUploads);
    app.decorate('liveChat', { liveChat });
    await app.register(liveChatRoutes(liveChat, app.auth), { prefix: apiPrefix });
    await app.register(
      liveChatAdminRoutes(liveChat, { ...app.backoffice, requireBrand: app.site.requireBrand }),
      {
        prefix: operatorApiPrefix,
      },
    );
  },
);
