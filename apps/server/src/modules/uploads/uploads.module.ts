import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { uploadAdminRoutes, uploadRoutes } from './uploads.routes';
import { createUploadService, type UploadService } from './uploads.service';

export type UploadsModule = { uploads: UploadService };

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsModule;
  }
}

/** Files members upload (proofs, feedback images). */
export const uploadsModule = defineModule('uploads', ['auth', 'backoffice'], async (app) => {
  const { config, database } = app.platform;
  const uploads = createUploadService({ db: database.db, directory: config.UPLOADS_DIR });
  app.decorate('uploads', { uploads });
  await app.register(uploadRoutes(uploads, app.auth.requireMember), { prefix: apiPrefix });
  await app.register(uploadAdminRoutes(uploads, app.backoffice), { prefix: operatorApiPrefix });
});
