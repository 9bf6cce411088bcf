import type { Database } from '../../../db/database';
import type { MemberService } from '../../members/members.service';
import type { LedgerService } from '../../wallet/ledger.service';

/** What the agent centre needs of the brand: whose currency, clock and site address apply. */
export type AgentBrand = { id: bigint; currency: string; timeZone: string; mainDomain: string };

export type AgentServiceDependencies = {
  db: Database;
  members: MemberService;
  ledger: LedgerService;
};

/** A report's days as asked: no start is the brand's today, no end is the start day. */
export type ReportPeriod = { startDate?: string | undefined; endDate?: string | undefined };
export type Page = { pageNo: number; pageSize: number };
