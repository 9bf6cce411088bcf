import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { agentAdminRoutes } from './agents-admin.routes';
import { agentConsoleRoutes } from './agents-console.routes';
import { createAgentConsoleService } from './agents-console.service';
import { agentRoutes } from './agents.routes';
import { createAgentService } from './agents.service';
import { agentContractAdminRoutes, agentContractRoutes } from './contracts.routes';
import { createContractService } from './contracts.service';
import { createRollupService, scheduleRollupFold } from './rollups.service';
import { scheduleAgentSettlement } from './settlement/settlement-jobs';
import { createSettlementService } from './settlement.service';

/** The agent tree, its reports and roll-ups, contracts with downlines and their settlement. */
export const agentsModule = defineModule(
  'agents',
  ['site', 'members', 'wallet', 'auth', 'backoffice'],
  async (app) => {
    const { config, database, scheduler } = app.platform;
    const { db } = database;
    const { site, requireBrand } = app.site;
    const { members } = app.members;
    const { ledger, wallet } = app.wallet;
    const { requireMember } = app.auth;
    const realtimeSlotMs = config.AGENT_REALTIME_SALARY_INTERVAL_MS;

    const agents = createAgentService({ db, members, ledger });
    const contracts = createContractService({ db, members, ledger, realtimeSlotMs });
    const rollups = createRollupService({ db });
    scheduleRollupFold(scheduler, rollups, config.AGENT_FIGURES_FOLD_INTERVAL_MS);
    const settlement = createSettlementService({
      db,
      ledger,
      wallet,
      realtimeSlotMs,
      log: app.log,
      foldFigures: rollups.fold,
    });
    scheduleAgentSettlement(scheduler, settlement, {
      periodsMs: config.AGENT_SETTLEMENT_INTERVAL_MS,
      realtimeMs: realtimeSlotMs,
    });

    await app.register(agentRoutes({ agents, site, requireMember }), { prefix: apiPrefix });
    await app.register(agentContractRoutes({ contracts, settlement, requireMember }), { prefix: apiPrefix });
    await app.register(agentAdminRoutes({ agents, ...app.backoffice, requireBrand }), {
      prefix: operatorApiPrefix,
    });
    await app.register(
      agentConsoleRoutes({
        agentConsole: createAgentConsoleService({ db, members, ledger }),
        ...app.backoffice,
        requireBrand,
      }),
      { prefix: operatorApiPrefix },
    );
    await app.register(
      agentContractAdminRoutes({
        contracts,
        settlement,
        ...app.backoffice,
        requireBrand,
        allowAsOf: config.NODE_ENV === 'test',
      }),
      { prefix: operatorApiPrefix },
    );
  },
);
