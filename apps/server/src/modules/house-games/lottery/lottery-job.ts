import { drawDueFairDraws } from './draw-fair-results';
import type { LotteryContext } from './lottery-context';
import { closeDueDraws, scheduleDraws } from './schedule-draws';
import { settleDueDraws } from './settle-draws';

/** One run of the lottery job: schedule ahead, close, draw, settle. Safe on any number of instances. */
export const runLotteryJob = async (context: LotteryContext): Promise<void> => {
  await scheduleDraws(context);
  await closeDueDraws(context);
  await drawDueFairDraws(context);
  await settleDueDraws(context);
};
