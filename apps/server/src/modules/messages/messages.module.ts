import { apiPrefix, defineModule } from '../../platform';
import { messageRoutes } from './messages.routes';
import { createMessageService, type MessageService } from './messages.service';

export type MessagesModule = { messages: MessageService };

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessagesModule;
  }
}

/** The members' inbox. */
export const messagesModule = defineModule('messages', ['auth'], async (app) => {
  const messages = createMessageService({ db: app.platform.database.db, push: app.platform.push });
  app.decorate('messages', { messages });
  await app.register(messageRoutes(messages, app.auth.requireMember), { prefix: apiPrefix });
});
