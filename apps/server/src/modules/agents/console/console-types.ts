import type { Database } from '../../../db/database';
import type { MemberService } from '../../members/members.service';
import type { LedgerService } from '../../wallet/ledger.service';

/** The brand the console acts on: its currency and the clock its days are cut on. */
export type ConsoleBrand = { id: bigint; currency: string; timeZone: string };

export type AgentConsoleDependencies = { db: Database; members: MemberService; ledger: LedgerService };

export type Page = { pageNo: number; pageSize: number };

export const pageOf = ({ pageNo, pageSize }: Page) => ({ limit: pageSize, offset: (pageNo - 1) * pageSize });
export const totalPagesOf = (total: number, { pageSize }: Page) => Math.ceil(total / pageSize);
