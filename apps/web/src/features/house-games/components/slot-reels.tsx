import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlotSymbolArt } from './slot-symbol-art';

const symbolNameKeys = {
  WILD: 'house_slot.symbols.WILD',
  SCATTER: 'house_slot.symbols.SCATTER',
  SEVEN: 'house_slot.symbols.SEVEN',
  BELL: 'house_slot.symbols.BELL',
  MELON: 'house_slot.symbols.MELON',
  PLUM: 'house_slot.symbols.PLUM',
  ORANGE: 'house_slot.symbols.ORANGE',
  LEMON: 'house_slot.symbols.LEMON',
  CHERRY: 'house_slot.symbols.CHERRY',
} as const;
const isKnownSymbol = (symbol: string): symbol is keyof typeof symbolNameKeys =>
  Object.hasOwn(symbolNameKeys, symbol);

/** A symbol's name in the visitor's language (an unknown symbol as it is). */
export const useSymbolName = () => {
  const { t } = useTranslation();
  return (symbol: string): string => (isKnownSymbol(symbol) ? t(symbolNameKeys[symbol]) : symbol);
};

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Cells rolled past before a reel stops: later reels roll longer, so they stop one after another. */
const fillerCells = (reel: number) => 10 + reel * 4;

export function SlotSymbol({ symbol }: { symbol: string }) {
  const symbolName = useSymbolName();
  return (
    <span
      className={`slot-symbol slot-symbol--${symbol.toLowerCase()}`}
      role="img"
      aria-label={symbolName(symbol)}
    >
      <SlotSymbolArt symbol={symbol} />
    </span>
  );
}

type ReelProps = {
  index: number;
  /** The whole strip, for the cells rolled past. */
  strip: readonly string[];
  /** What the window showed before, and what it shows when the reel stops. */
  from: readonly string[];
  to: readonly string[];
  /** Changes with every spin, which starts the roll. */
  spinKey: number;
  onStopped: () => void;
};

/**
 * One reel: a column of cells moved up with a CSS transform from the old window to the new one, past cells of
 * the real strip. With reduced motion it shows the new window at once.
 */
function Reel({ index, strip, from, to, spinKey, onStopped }: ReelProps) {
  // The spin whose roll has begun: a new spin key lays the strip out at its start first.
  const [rolledKey, setRolledKey] = useState(0);
  const isRolling = rolledKey === spinKey && spinKey !== 0;
  const filler = Array.from(
    { length: fillerCells(index) },
    (_, cell) => strip[(cell * 7 + index * 3) % strip.length] ?? '',
  );
  const cells = spinKey === 0 ? [...to] : [...from, ...filler, ...to];
  const travel = ((cells.length - to.length) / cells.length) * 100;

  useEffect(() => {
    if (spinKey === 0) return;
    if (prefersReducedMotion()) {
      onStopped();
      return;
    }
    // Two frames: the strip is laid out at its start before the transition to its end begins.
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => {
        setRolledKey(spinKey);
      });
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
    // onStopped is the parent's; the roll restarts only for a new spin.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spinKey]);

  const isSettled = spinKey === 0 || prefersReducedMotion();
  return (
    <div className="slot-reel" data-testid={`slot-reel-${index}`}>
      <div
        className={`slot-reel__strip${isRolling ? ' slot-reel__strip--rolling' : ''}`}
        style={{
          transform: isSettled ? 'none' : `translateY(-${isRolling ? travel : 0}%)`,
          transitionDuration: `${700 + index * 250}ms`,
        }}
        onTransitionEnd={onStopped}
      >
        {(isSettled ? to : cells).map((symbol, cell) => (
          <div className="slot-reel__cell" key={`${spinKey}-${cell}`}>
            <SlotSymbol symbol={symbol} />
          </div>
        ))}
      </div>
    </div>
  );
}

export function SlotReels({
  reels,
  previous,
  grid,
  spinKey,
  onAllStopped,
}: {
  reels: readonly (readonly string[])[];
  previous: readonly (readonly string[])[];
  grid: readonly (readonly string[])[];
  spinKey: number;
  onAllStopped: () => void;
}) {
  // Reels that stopped in the current spin; the last one to stop ends the spin.
  const stops = useRef({ spinKey: 0, count: 0 });
  const handleStopped = () => {
    if (stops.current.spinKey !== spinKey) stops.current = { spinKey, count: 0 };
    stops.current.count += 1;
    if (stops.current.count === grid.length) onAllStopped();
  };
  return (
    <div className="slot-reels" data-testid="slot-reels">
      {grid.map((column, index) => (
        <Reel
          key={index}
          index={index}
          strip={reels[index] ?? []}
          from={previous[index] ?? column}
          to={column}
          spinKey={spinKey}
          onStopped={handleStopped}
        />
      ))}
    </div>
  );
}
