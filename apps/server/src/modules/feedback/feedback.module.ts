import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { feedbackAdminRoutes, feedbackRoutes } from './feedback.routes';
import { createFeedbackService } from './feedback.service';

/** The members' feedback form and the operator's list of it. */
export const feedbackModule = defineModule(
  'feedback',
  ['site', 'members', 'uploads', 'auth', 'backoffice'],
  async (app) => {
    const feedback = createFeedbackService({
      db: app.platform.database.db,
      site: app.site.site,
      uploads: app.uploads.uploads,
      members: app.members.members,
    });
    app.uploads.uploads.registerReferences('feedback', feedback.findReferencedUploads);
    await app.register(feedbackRoutes(feedback, app.auth.requireRealMember), { prefix: apiPrefix });
    await app.register(feedbackAdminRoutes(feedback, app.backoffice), { prefix: operatorApiPrefix });
  },
);
