import { defineModule } from '../../platform';
import { createTurnoverService, type TurnoverService } from './turnover.service';

export type TurnoverModule = { turnover: TurnoverService };

declare module 'fastify' {
  interface FastifyInstance {
    turnover: TurnoverModule;
  }
}

/** Wagering requirements that stand between a credit and its withdrawal; every bet path reports to it. */
export const turnoverModule = defineModule('turnover', [], async (app) => {
  app.decorate('turnover', { turnover: createTurnoverService({ db: app.platform.database.db }) });
});
