import type { MemberRow } from '../members/members.service';
import type { WalletBrand } from './wallet-context';
import { transferToDownline } from './transfers/transfer-to-downline';
import { describeUpline, transferToUpline } from './transfers/transfer-to-upline';
import type {
  DownlineTransferRequest,
  TransferRequest,
  TransferServiceDependencies,
} from './transfers/transfer-types';

export type {
  DownlineTransferRequest,
  TransferResult,
  TransferServiceDependencies,
} from './transfers/transfer-types';

/**
 * Member-to-member transfers inside a line: a member to their direct upline, an agent to anyone below them.
 * The sender's cash is debited and the recipient's credited in one posting keyed by the sender's request id,
 * with the recipient's inbox message in the same database transaction.
 *
 * The use cases live in ./transfers/, one file each; this binds them to one set of dependencies.
 */
export const createTransferService = (deps: TransferServiceDependencies) => ({
  /** For the transferUpline page: who the money would go to. */
  upline: (member: MemberRow) => describeUpline(deps, member),

  toUpline: (sender: MemberRow, brand: WalletBrand, request: TransferRequest) =>
    transferToUpline(deps, sender, brand, request),

  /**
   * An unknown name, oneself and a member outside the agent's line all answer NOT_IN_YOUR_LINE, so the
   * endpoint cannot be used to find out which usernames exist.
   */
  toDownline: (sender: MemberRow, brand: WalletBrand, request: DownlineTransferRequest) =>
    transferToDownline(deps, sender, brand, request),
});

export type TransferService = ReturnType<typeof createTransferService>;
