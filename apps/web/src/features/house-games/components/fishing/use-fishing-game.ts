import type { FishingBatchResult, FishingRoom, FishingSession } from '@wps/contracts/fishing';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../../lib/api-client';
import { walletQueryKeys } from '../../../wallet/api/query-keys';
import { sendFishingBatch } from '../../api/fishing-queries';
import { playSound } from '../../sound/game-sound';
import { decimalsOf, fromUnits, toUnits } from './fishing-amounts';
import { createFishingEngine, type FishingControls, type FishingEngine } from './fishing-engine';
import { createScene } from './fishing-scene';

export type { FishingControls };
export type Kill = { shotId: string; fish: string; multiplier: number; payout: string };

/** The site's header reads the balance again at most this often while shots are answered. */
const headerRefreshMs = 5_000;
const keptKills = 8;

type Totals = Pick<FishingSession, 'balance' | 'shots' | 'staked' | 'won'>;

const isReducedMotionPreferred = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const killsOf = (result: FishingBatchResult): Kill[] =>
  result.shots
    .filter((shot) => shot.killed)
    .map(({ shotId, fish, multiplier, payout }) => ({ shotId, fish, multiplier, payout }))
    .reverse();

/**
 * The fishing table's game: the engine (fishing-engine.ts) driven by animation frames for as long as the session
 * lasts and drawn on the canvas, its answers kept as the page's state (the totals, the balance less the hits not
 * answered yet, the last catches, a refusal). `onStop` turns auto-fire off (a refusal, or a batch cut short).
 */
export const useFishingGame = (
  session: FishingSession,
  room: FishingRoom,
  controls: FishingControls,
  onStop: () => void,
) => {
  const queryClient = useQueryClient();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [isReducedMotion] = useState(isReducedMotionPreferred);
  const [totals, setTotals] = useState<Totals>(session);
  const [pendingCost, setPendingCost] = useState(0n);
  const [kills, setKills] = useState<Kill[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [lockedId, setLockedId] = useState<number | null>(null);
  const decimals = decimalsOf(session.balance);
  const balance = toUnits(totals.balance, decimals);

  // What the engine and its events read of the latest render.
  const live = useRef({ controls, lockedId, balance, onStop });
  useEffect(() => {
    live.current = { controls, lockedId, balance, onStop };
  });
  const engine = useRef<FishingEngine | null>(null);

  useEffect(() => {
    let headerRefreshedAt = 0;
    const current = createFishingEngine({
      scene: createScene(room.fish, Number(session.sessionId) || 1),
      decimals,
      isReducedMotion,
      send: (batch) => sendFishingBatch(session.sessionId, batch),
      view: () => live.current,
      events: {
        onAnswer: (result) => {
          setTotals({ balance: result.balance, ...result.session });
          const caught = killsOf(result);
          if (caught.length > 0) {
            setKills((before) => [...caught, ...before].slice(0, keptKills));
            playSound('win');
          }
          if (result.refused.length > 0) live.current.onStop();
          if (Date.now() - headerRefreshedAt >= headerRefreshMs) {
            headerRefreshedAt = Date.now();
            void queryClient.invalidateQueries({ queryKey: walletQueryKeys.balance });
          }
        },
        onPending: setPendingCost,
        onFailure: (failure) => {
          setError(failure);
          if (!isApiError(failure) || failure.code !== 'RATE_LIMITED') live.current.onStop();
        },
        onLockLost: () => {
          setLockedId(null);
        },
        onFire: () => {
          playSound('shot');
        },
        onHit: () => {
          playSound('hit');
        },
      },
    });
    engine.current = current;
    let handle = requestAnimationFrame(function frame(now) {
      current.step(now);
      const context = canvasRef.current?.getContext('2d');
      if (context) current.draw(context);
      handle = requestAnimationFrame(frame);
    });
    return () => {
      cancelAnimationFrame(handle);
      // Hits already made are still sent: they are shots the player fired.
      void current.flush();
    };
    // One engine per session; what changes meanwhile is read through `live`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session.sessionId]);

  /** A point of the canvas in scene coordinates. */
  const scenePoint = (clientX: number, clientY: number): { x: number; y: number } | null => {
    const canvas = canvasRef.current;
    const box = canvas?.getBoundingClientRect();
    if (!canvas || !box || box.width === 0 || box.height === 0) return null;
    return {
      x: ((clientX - box.left) / box.width) * canvas.width,
      y: ((clientY - box.top) / box.height) * canvas.height,
    };
  };

  return {
    canvasRef,
    isReducedMotion,
    totals,
    balanceShown: fromUnits(balance - pendingCost, decimals),
    kills,
    error,
    clearError: () => {
      setError(null);
    },
    lockedId,
    fire: () => engine.current?.fire() ?? false,
    aimAt: (clientX: number, clientY: number) => {
      engine.current?.aimAt(scenePoint(clientX, clientY));
    },
    /** With lock-on, a click on a fish locks it (again: unlocks); otherwise (or off a fish) it fires. */
    clickAt: (clientX: number, clientY: number) => {
      const point = scenePoint(clientX, clientY);
      engine.current?.aimAt(point);
      const fish = point && controls.isLockOn ? engine.current?.fishAt(point) : undefined;
      if (fish) setLockedId((locked) => (locked === fish.id ? null : fish.id));
      else engine.current?.fire();
    },
    settle: () => engine.current?.settle() ?? Promise.resolve(),
  };
};
