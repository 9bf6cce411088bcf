import { apiPrefix, defineModule } from '../../platform';
import { pushRoutes } from './push.routes';

/** The members' event stream; the push service itself is the platform's (tests watch it). */
export const pushModule = defineModule('push', ['auth'], async (app) => {
  await app.register(pushRoutes(app.platform.push, app.auth.requireMember), { prefix: apiPrefix });
});
