import { defineModule, operatorApiPrefix } from '../../platform';
import { createReportsFoldService, reportsFoldJobName, type ReportsFoldService } from './fold.service';
import { reportsRoutes } from './reports.routes';
import { createReportsService, type ReportsService } from './reports.service';

declare module 'fastify' {
  interface FastifyInstance {
    reports: { fold: ReportsFoldService; reports: ReportsService };
  }
}

/**
 * The operator's dashboard and reports: roll-ups of the ledger kept by one fold (`fold.repository.ts`), off the
 * money's path, and the reads over them. Reads the wallet's, games', payments', members' and site's published
 * views; the pending review queues come from the payments module.
 */
export const reportsModule = defineModule(
  'reports',
  ['site', 'backoffice', 'wallet', 'games', 'payments', 'members'],
  async (app) => {
    const { config, database, scheduler } = app.platform;
    // Its own connections, as the loyalty fold: a fold queued behind busy requests lags the figures.
    const fold = createReportsFoldService({ db: database.background });
    // The dashboard follows the money within about this long.
    scheduler.every(reportsFoldJobName, config.REPORTS_FOLD_INTERVAL_MS, async () => {
      await fold.followUp();
    });
    const reports = createReportsService({
      db: database.db,
      pendingReviews: (brandId) => app.payments.pendingReviews(brandId),
    });
    app.decorate('reports', { fold, reports });
    await app.register(reportsRoutes({ reports, requireBrand: app.site.requireBrand, ...app.backoffice }), {
      prefix: operatorApiPrefix,
    });
  },
);
