import { crashGrowthPerMs, parseMultiplier } from '@wps/contracts/crash-rules';
import type { CrashState } from '../api/crash-queries';

type Round = NonNullable<CrashState['round']>;

const width = 320;
const height = 160;
const samples = 48;

/**
 * The multiplier's curve from the round's start to now (or to the crash), scaled so the curve always fills
 * the frame: at least 10 seconds and 2× wide and tall.
 */
export function CrashGraph({ round, serverNow }: { round: Round | null; serverNow: number }) {
  const startsAt = round ? Date.parse(round.startsAt) : serverNow;
  const crashPoint = round?.crashPoint ? Number(parseMultiplier(round.crashPoint) ?? 100n) / 100 : null;
  const crashElapsed = crashPoint === null ? null : Math.log(crashPoint) / crashGrowthPerMs;
  const elapsed = Math.max(0, crashElapsed ?? serverNow - startsAt);
  const spanMs = Math.max(10_000, elapsed);
  const top = Math.max(2, Math.exp(crashGrowthPerMs * elapsed));
  const points = Array.from({ length: samples + 1 }, (_, index) => {
    const at = (elapsed * index) / samples;
    const value = Math.exp(crashGrowthPerMs * at);
    const x = (at / spanMs) * width;
    const y = height - ((value - 1) / (top - 1)) * height;
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const isCrashed = round?.phase === 'CRASHED';
  return (
    <svg
      className={`crash-graph ${isCrashed ? 'crash-graph--crashed' : ''}`}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-hidden="true"
      data-testid="crash-graph"
    >
      <polyline points={points.join(' ')} fill="none" strokeWidth="3" />
    </svg>
  );
}
