import type { ArenaState } from '@wps/contracts/cockfight';
import * as repository from './cockfight.repository';
import type { CockfightContext } from './cockfight.service';
import { toFight } from './fight-views';

type ArenaView = Omit<ArenaState, 'serverTime'>;

/** A brand's arena from the database (every instance alike), without the time it was read. */
const readArena = async (context: CockfightContext, brandId: bigint): Promise<ArenaView> => {
  const { db, settings } = context;
  const [betting] = await repository.listFights(db, brandId, ['open', 'last_call'], 'oldest', 1);
  const [closed] = betting ? [] : await repository.listFights(db, brandId, ['closed'], 'oldest', 1);
  const current = betting ?? closed;
  const upcoming = await repository.listFights(db, brandId, ['scheduled'], 'oldest', 5);
  const finished = await repository.listFights(
    db,
    brandId,
    ['settled', 'cancelled'],
    'newest',
    settings.historySize,
  );
  const [latest] = finished;
  return {
    current: current ? await toFight(context, current) : null,
    lastResult: latest ? await toFight(context, latest) : null,
    upcoming: await Promise.all(upcoming.map((fight) => toFight(context, fight))),
    history: finished.map((fight) => ({
      fightId: fight.id.toString(),
      number: fight.number,
      result: fight.result ?? 'cancelled',
    })),
  };
};

export const buildArenaState = async (context: CockfightContext, brandId: bigint): Promise<ArenaState> => ({
  serverTime: new Date(context.clock()).toISOString(),
  ...(await readArena(context, brandId)),
});

/** The `text/event-stream` frame of a state. */
const frameOf = (context: CockfightContext, view: ArenaView) =>
  `event: state\ndata: ${JSON.stringify({ serverTime: new Date(context.clock()).toISOString(), ...view })}\n\n`;

/** Read through a call: a change during the read sets it, which the compiler cannot see. */
const isDueAgain = (mark: { isDue: boolean }): boolean => mark.isDue;

/** Reads the arena until no change arrived during the read, telling the streams of each new state. */
const rebuild = async (context: CockfightContext, brandId: bigint, mark: { isDue: boolean }) => {
  do {
    mark.isDue = false;
    const view = await readArena(context, brandId);
    const json = JSON.stringify(view);
    if (context.shown.get(brandId)?.json !== json) {
      const frame = frameOf(context, view);
      context.shown.set(brandId, { json, frame });
      for (const listener of context.listeners.get(brandId) ?? []) listener(frame);
    }
  } while (isDueAgain(mark));
  const frame = context.shown.get(brandId)?.frame;
  if (frame === undefined) throw new Error('the arena was not read');
  return frame;
};

/**
 * Rebuilds a brand's arena and tells its streams when it changed: serialised once per change, whatever the
 * number of listeners. A burst of bets does not rebuild it once per bet: a change during a rebuild asks that
 * rebuild for one more read, and its caller waits for it. Answers the current frame.
 */
export const refreshArena = (context: CockfightContext, brandId: bigint): Promise<string> => {
  const running = context.refreshing.get(brandId);
  if (running) {
    running.isDue = true;
    return running.done;
  }
  const mark = { isDue: false, done: Promise.resolve('') };
  mark.done = rebuild(context, brandId, mark).finally(() => {
    context.refreshing.delete(brandId);
  });
  context.refreshing.set(brandId, mark);
  return mark.done;
};
