import { defineModule, operatorApiPrefix } from '../../platform';
import { notificationsAdminRoutes } from './notifications-admin.routes';
import { createNotificationService, type NotificationService } from './notifications.service';

export type NotificationsModule = { notifications: NotificationService };

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsModule;
  }
}

/** SMS and email delivery (or the development outbox). */
export const notificationsModule = defineModule('notifications', ['site', 'backoffice'], async (app) => {
  const notifications = createNotificationService({ db: app.platform.database.db });
  app.decorate('notifications', { notifications });
  await app.register(
    notificationsAdminRoutes(notifications, { ...app.backoffice, requireBrand: app.site.requireBrand }),
    { prefix: operatorApiPrefix },
  );
});
