import { defineModule } from '../../platform';
import { healthRoutes } from './health.routes';

/** Liveness and readiness for the load balancer. */
export const healthModule = defineModule('health', [], async (app) => {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  await app.register(healthRoutes({ pingDatabase: app.platform.database.ping, isClosing: () => isClosing }));
});
