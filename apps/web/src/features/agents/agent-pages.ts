/** Agent-centre pages (spec section 2, Agent centre pages), in menu order; the `page` query names them. */
export const agentPages = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;
export type AgentPage = (typeof agentPages)[number];

/** The shell's own entries (spec: deposit, withdraw, messages), opened inside the full-screen centre. */
export const agentShellPages = ['depositv2', 'withdraw', 'messageV2'] as const;
export type AgentShellPage = (typeof agentShellPages)[number];

export type AgentCentrePage = AgentPage | AgentShellPage;

/** The contract kind behind each salary page; these pages show only when the contract info allows them. */
export const contractKindOfPage = {
  agentDividendRecordCopy2: 'DIVIDEND',
  agentDailyWages2: 'DAILY_SALARY',
  agentHourSalary: 'HOURLY_SALARY',
  agentRealtimeSalary: 'REALTIME_SALARY',
} as const satisfies Partial<Record<AgentPage, string>>;
export type ContractPage = keyof typeof contractKindOfPage;
export type ContractKindName = (typeof contractKindOfPage)[ContractPage];

export const isContractPage = (page: AgentPage): page is ContractPage => page in contractKindOfPage;

export const agentPagePath = (page: AgentCentrePage): string => `/agentHome?page=${page}`;

const allPages: readonly string[] = [...agentPages, ...agentShellPages];
export const isAgentCentrePage = (value: string | null): value is AgentCentrePage =>
  value !== null && allPages.includes(value);
