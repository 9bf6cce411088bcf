import { type AgentPage, agentPages, contractKindOfPage, isContractPage } from '../agent-pages';
import { type ConsolidatedContractInfo, useContractInfo } from './get-contract-info';

// Apart from get-contract-info.ts so the site's first load (the popup check in the root layout) does not carry
// the agent centre's page list.
const flagOfKind = {
  DIVIDEND: 'dividendFlag',
  DAILY_SALARY: 'dailySalaryFlag',
  HOURLY_SALARY: 'hourlySalaryFlag',
  REALTIME_SALARY: 'salaryFlag',
} as const satisfies Record<
  (typeof contractKindOfPage)[keyof typeof contractKindOfPage],
  keyof ConsolidatedContractInfo
>;

/** The pages a contract info shows: the dividend and salary pages only with their flag (spec section 6). */
export const visibleAgentPages = (info: ConsolidatedContractInfo | undefined): AgentPage[] =>
  agentPages.filter(
    (page) => !isContractPage(page) || (info?.enabled === true && info[flagOfKind[contractKindOfPage[page]]]),
  );

/** The agent-centre menu for the logged-in agent. */
export const useVisibleAgentPages = (): AgentPage[] => visibleAgentPages(useContractInfo());
