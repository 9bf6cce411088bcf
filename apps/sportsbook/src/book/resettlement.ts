import type { Outcome, SettlementResult } from '../domain';
import { settleSelection } from '../settlement/settle-selection';
import { settleSlip } from '../slip/settle-slip';
import type { Store } from '../store/store';
import { type NewWalletCall, recordWalletCalls, type WalletCallSender } from '../wallet/wallet-calls';
import { centsToProtocol } from './money';
import * as repository from './resettlement.repository';
import { settlingSlips, type SettlingSlip } from './slips.repository';
import { slipKindOf } from './slip-codes';

const chunk = 1_000;

/**
 * A corrected result carried through to the slips it had settled. Each selection on the fixture gets its corrected
 * outcome; each settled slip whose return changes is moved once (a conditional update) with its wallet calls in the
 * same transaction: the win that settled it taken back (a rollback referencing that win) and the corrected return
 * paid as a new win on the bet, or, when it is now void, its stake refunded (a rollback of the bet) after the win
 * is back. The platform processes each call once, so running this again (a crash, a correction heard twice) pays
 * nothing twice. A void slip stays void (its stake is back with the player) and a cash-out stands whatever the
 * result, as players are told.
 */
export const createResettlement = ({
  store,
  sender,
  maxPayout,
}: {
  store: Store;
  sender: Pick<WalletCallSender, 'kick'>;
  maxPayout: bigint;
}) => {
  const callsFor = (slip: SettlingSlip, status: string, amount: bigint): NewWalletCall[] => {
    const common = { user: slip.player, round: slip.roundRef, round_closed: true, game_code: slip.gameCode };
    const call = (method: NewWalletCall['method'], callAmount: bigint, fields: Record<string, unknown>) => ({
      slipId: slip.id,
      player: slip.player,
      method,
      vendorCode: slip.vendorCode,
      amount: callAmount,
      fields: { ...common, ...fields },
    });
    const takeBack = call('transaction/rollback', 0n, { reference_transaction_uuid: slip.closingWinUuid });
    // Void: the stake back by a rollback of the bet, or as a win of the stake left on after a partial cash-out.
    if (status === 'void' && slip.cashedOut === 0n) {
      return [takeBack, call('transaction/rollback', 0n, { reference_transaction_uuid: slip.betUuid })];
    }
    return [
      takeBack,
      call('transaction/win', centsToProtocol(amount), {
        reference_transaction_uuid: slip.betUuid,
        currency: slip.currency,
        is_free: false,
      }),
    ];
  };

  /** Resettles the fixture's settled slips on `result`; answers how many changed. */
  const resettleFixture = async (fixtureId: string, result: SettlementResult): Promise<number> => {
    const selections = await repository.fixtureSelections(store, fixtureId);
    const corrections = selections.flatMap((row) => {
      const outcome = settleSelection(row.market, row.selection, result);
      return outcome === row.outcome ? [] : [{ marketId: row.market_id, selection: row.selection, outcome }];
    });
    await repository.redecideLegs(store, fixtureId, corrections);
    if (corrections.length === 0) return 0;
    let changed = 0;
    for (let afterId = 0n, isLast = false; !isLast;) {
      const read = await settlingSlips(store, fixtureId, afterId, chunk, 'settled');
      ({ isLast } = read);
      afterId = read.scannedTo;
      for (const slip of read.slips) {
        const kind = slipKindOf(slip.kind);
        if (!kind || slip.closingWinUuid === '') continue;
        const outcome = settleSlip(
          { kind, stakePerLine: slip.stakePerLine, legs: slip.legs },
          slip.legs.map((leg): Outcome => leg.outcome ?? 'void'),
          maxPayout,
        );
        if (outcome.status === 'pending') continue;
        if (outcome.status === slip.status && outcome.totalReturn === slip.totalReturn) continue;
        const isMoved = await store.transaction(async (tx) => {
          const moved = await repository.resettleSlip(tx, slip, {
            status: outcome.status,
            totalReturn: outcome.totalReturn,
          });
          if (moved) await recordWalletCalls(tx, callsFor(slip, outcome.status, outcome.totalReturn));
          return moved;
        });
        if (isMoved) changed += 1;
      }
      sender.kick();
    }
    return changed;
  };

  return { resettleFixture };
};

export type Resettlement = ReturnType<typeof createResettlement>;
