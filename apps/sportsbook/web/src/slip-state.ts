import { createContext, useContext } from 'react';
import type { MarketSpec, MilliOdds, OddsFormat, SelectionKey } from '../../src/domain';
import type { Teams } from './labels';

/**
 * A selection on the slip, with what the slip needs to show it without its fixture at hand. An outright's
 * (`fixtureId` is the outright's id) names its competitor and its league's season.
 */
export type SlipLeg = {
  fixtureId: string;
  teams: Teams;
  outright?: { competitor: string; event: string };
  marketId: string;
  market: MarketSpec;
  selection: SelectionKey;
  odds: MilliOdds;
};

export const maximumSlipLegs = 12;

export type SlipAction =
  | { type: 'toggle'; leg: SlipLeg }
  | { type: 'remove'; marketId: string }
  | { type: 'reprice'; current: ReadonlyArray<{ marketId: string; selection: string; odds: MilliOdds }> }
  | { type: 'clear' };

/**
 * A selection already on the slip comes off; another of the same fixture takes its place (legs of one fixture
 * are correlated, so the book takes one a fixture); a new fixture's is added while the slip has room.
 */
export const updateSlip = (legs: readonly SlipLeg[], action: SlipAction): SlipLeg[] => {
  switch (action.type) {
    case 'toggle': {
      const { leg } = action;
      if (legs.some((held) => held.marketId === leg.marketId && held.selection === leg.selection)) {
        return legs.filter((held) => held.marketId !== leg.marketId || held.selection !== leg.selection);
      }
      const index = legs.findIndex((held) => held.fixtureId === leg.fixtureId);
      if (index >= 0) return legs.map((held, position) => (position === index ? leg : held));
      return legs.length < maximumSlipLegs ? [...legs, leg] : [...legs];
    }
    case 'remove':
      return legs.filter((held) => held.marketId !== action.marketId);
    case 'reprice':
      return legs.map((held) => {
        const price = action.current.find(
          (current) => current.marketId === held.marketId && current.selection === held.selection,
        );
        return price ? { ...held, odds: price.odds } : held;
      });
    case 'clear':
      return [];
  }
};

export type SlipContextValue = {
  legs: readonly SlipLeg[];
  dispatch: (action: SlipAction) => void;
};

export const SlipContext = createContext<SlipContextValue>({ legs: [], dispatch: () => undefined });
export const useSlip = (): SlipContextValue => useContext(SlipContext);

export const OddsFormatContext = createContext<OddsFormat>('decimal');
export const useOddsFormat = (): OddsFormat => useContext(OddsFormatContext);
