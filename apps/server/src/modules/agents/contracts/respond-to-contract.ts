import type { ContractSide } from '@wps/contracts/agent-contracts';
import type { Executor } from '../../../db/database';
import { periodContaining } from '../contract-periods';
import * as repository from '../contracts.repository';
import type { ContractRow } from '../contracts.repository';
import {
  type ContractAction,
  type ContractBrand,
  type ContractChange,
  type ContractContext,
  refuseStateChange,
} from './contract-types';
import { toWirePeriod } from './contract-views';

export type RespondToContractDependencies = Pick<ContractContext, 'realtimeSlotMs'>;

const closeOffer = async (
  tx: Executor,
  offer: ContractRow,
  status: 'cancelled' | 'rejected',
  at: Date,
): Promise<ContractChange> => {
  const row = await repository.updateContractIf(
    tx,
    offer.id,
    { status: 'pending' },
    { status, respondedAt: at },
  );
  return { contract: row ?? refuseStateChange(), ended: [] };
};

/**
 * The downline accepts: (1) its previous active contract of that kind with the same upline is terminated
 * (REPLACED); (2) the spec's rule "a higher-rate downline contract is automatically terminated if the new
 * contract is accepted": every active contract of the same kind that the accepting agent itself gives to its own
 * downlines at a higher rate than the new one is terminated (HIGHER_RATE), and its pending offers above that rate
 * are cancelled, so no agent keeps paying out more than it now receives.
 */
const acceptOffer = async (
  { realtimeSlotMs }: RespondToContractDependencies,
  tx: Executor,
  offer: ContractRow,
  brand: ContractBrand,
  at: Date,
): Promise<ContractChange> => {
  const ended: ContractRow[] = [];
  const previous = await repository.findDownlineContract(tx, offer.downlineId, offer.kind, 'active');
  if (previous) {
    const replaced = await repository.updateContractIf(
      tx,
      previous.id,
      { status: 'active' },
      {
        status: 'terminated',
        terminationReason: 'replaced',
        terminatedAt: at,
      },
    );
    ended.push(replaced ?? refuseStateChange());
  }
  const effectiveFrom = periodContaining(
    toWirePeriod(offer.period),
    at,
    brand.timeZone,
    realtimeSlotMs,
  ).start;
  const accepted = await repository.updateContractIf(
    tx,
    offer.id,
    { status: 'pending' },
    {
      status: 'active',
      respondedAt: at,
      effectiveFrom,
      settledThrough: effectiveFrom,
    },
  );
  if (!accepted) return refuseStateChange();
  // The accepting agent is the offer's downline.
  ended.push(
    ...(await repository.endHigherRateDownlineContracts(
      tx,
      offer.downlineId,
      offer.kind,
      offer.rateBasisPoints,
      at,
    )),
  );
  return { contract: accepted, ended };
};

/**
 * A pending offer, locked by the caller: the upline may withdraw it (CANCEL), the downline accept or reject it;
 * anything else is refused.
 */
export const respondToOffer = async (
  deps: RespondToContractDependencies,
  tx: Executor,
  offer: ContractRow,
  side: ContractSide,
  action: ContractAction,
  brand: ContractBrand,
  at: Date,
): Promise<ContractChange> => {
  if (action === 'CANCEL' && side === 'UPLINE') return closeOffer(tx, offer, 'cancelled', at);
  if (action === 'REJECT' && side === 'DOWNLINE') return closeOffer(tx, offer, 'rejected', at);
  if (action === 'ACCEPT' && side === 'DOWNLINE') return acceptOffer(deps, tx, offer, brand, at);
  return refuseStateChange();
};
