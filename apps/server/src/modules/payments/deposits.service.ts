import type { CreateDepositRequest } from '@wps/contracts/payments';
import type { MemberRow } from '../members/members.service';
import { approveDeposit } from './deposits/approve-deposit';
import { createDeposit } from './deposits/create-deposit';
import { listDepositsForReview, listOwnDeposits } from './deposits/deposit-records';
import type { DepositBrand, DepositServiceDependencies, Page, StaffActor } from './deposits/deposit-types';
import { readOwnDeposit } from './deposits/deposit-views';
import { handleGatewayNotice } from './deposits/gateway-notice';
import { rejectDeposit } from './deposits/reject-deposit';

export type {
  DepositBrand,
  DepositServiceDependencies,
  StaffActor,
  StaffDeposit,
} from './deposits/deposit-types';

/**
 * Deposits: a member asks (manual channel: with their transfer reference and proof; gateway: we open an
 * order at the gateway and send them to its page); the deposit stays pending until staff approve or reject
 * it, or the gateway's signed notice says paid or failed. Crediting happens exactly once: the deposit row
 * is locked, only a pending deposit moves money, and the ledger key `deposit:<id>` would refuse a second
 * posting anyway.
 *
 * The use cases live in ./deposits/, one file each; this binds them to one set of dependencies.
 */
export const createDepositService = (deps: DepositServiceDependencies) => ({
  /** A member's deposit request; see create-deposit.ts. */
  create: (member: MemberRow, brand: DepositBrand, request: CreateDepositRequest, returnBaseUrl: string) =>
    createDeposit(deps, member, brand, request, returnBaseUrl),

  listOwn: (memberId: bigint, page: Page) => listOwnDeposits(deps, memberId, page),

  /** One of the member's own deposits; anyone else's is NOT_FOUND, like one that does not exist. */
  getOwn: (memberId: bigint, id: bigint) => readOwnDeposit(deps, memberId, id),

  /** The gateway's signed notice; see gateway-notice.ts. */
  handleGatewayNotice: (brandId: bigint, channelCode: string, rawBody: Buffer, signature: unknown) =>
    handleGatewayNotice(deps, brandId, channelCode, rawBody, signature),

  listForReview: (brandId: bigint, query: { status: 'pending' | 'all' } & Page) =>
    listDepositsForReview(deps, brandId, query),

  /** Staff credit a pending deposit (a gateway one only with a note); see approve-deposit.ts. */
  approve: (actor: StaffActor, brandId: bigint, id: bigint, note: string | undefined) =>
    approveDeposit(deps, actor, brandId, id, note),

  /** Staff reject a pending manual deposit; see reject-deposit.ts. */
  reject: (actor: StaffActor, brandId: bigint, id: bigint, reason: string) =>
    rejectDeposit(deps, actor, brandId, id, reason),
});

export type DepositService = ReturnType<typeof createDepositService>;
