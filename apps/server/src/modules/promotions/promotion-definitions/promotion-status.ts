import type { PromotionStatus } from '@wps/contracts/promotions';
import type { PromotionStatusAction } from '@wps/contracts/promotions-admin';
import { AppError } from '../../../http/app-error';

/** Where each status may go: a draft is published, live and paused swap, anything not ended may end. */
const transitions: Record<PromotionStatus, readonly PromotionStatus[]> = {
  draft: ['draft', 'live', 'ended'],
  live: ['live', 'paused', 'ended'],
  paused: ['paused', 'live', 'ended'],
  // Ended is final: members' claims and payouts refer to it as it was.
  ended: [],
};

const refusal = (message: string) =>
  new AppError('ALREADY_PROCESSED', { message, issues: [{ field: 'status', message }] });

/** Refuses a status change the promotion's life does not allow. */
export const assertTransition = (from: string, to: PromotionStatus): void => {
  if (from === 'ended') throw refusal('This promotion has ended; an ended promotion does not change.');
  if (!(from in transitions) || !transitions[from as PromotionStatus].includes(to)) {
    throw refusal(`A ${from} promotion cannot become ${to}.`);
  }
};

/** What each action makes of a promotion, and the statuses it acts on. */
const actions: Record<PromotionStatusAction, { to: PromotionStatus; from: readonly string[] }> = {
  // Publishing with a start still ahead schedules it: the site shows it as coming soon until then.
  publish: { to: 'live', from: ['draft'] },
  pause: { to: 'paused', from: ['live'] },
  resume: { to: 'live', from: ['paused'] },
  end: { to: 'ended', from: ['draft', 'live', 'paused'] },
};

/** The status `action` leads to from `from`, or the refusal. */
export const statusAfter = (from: string, action: PromotionStatusAction): PromotionStatus => {
  if (from === 'ended') throw refusal('This promotion has ended; an ended promotion does not change.');
  const { to, from: allowed } = actions[action];
  if (!allowed.includes(from)) throw refusal(`A ${from} promotion cannot be told to ${action}.`);
  return to;
};
