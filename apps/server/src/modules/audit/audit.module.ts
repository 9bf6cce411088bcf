import { defineModule, operatorApiPrefix } from '../../platform';
import { auditRoutes } from './audit.routes';
import { type AuditService, createAuditService } from './audit.service';

declare module 'fastify' {
  interface FastifyInstance {
    audit: { audit: AuditService };
  }
}

/**
 * The operator's view of the audit trail. Every domain records into it with `recordAuditEvent` inside its own
 * transaction; this module adds the list, the CSV export and the hash chain's verification.
 */
export const auditModule = defineModule('audit', ['backoffice'], async (app) => {
  const audit = createAuditService({ db: app.platform.database.db });
  app.decorate('audit', { audit });
  await app.register(auditRoutes(audit, app.backoffice), { prefix: operatorApiPrefix });
});
