/**
 * When the next reality check is due: the first whole interval since the session started that is later than
 * `after`. Counting from the sign-in (not from when the page loaded) keeps the rhythm across page changes,
 * reloads and other tabs of the same session.
 */
export const nextRealityCheckAt = (startedAtMs: number, intervalMs: number, after: number): number => {
  const elapsed = Math.max(0, after - startedAtMs);
  return startedAtMs + (Math.floor(elapsed / intervalMs) + 1) * intervalMs;
};

/** Whole hours and minutes between two instants, for "signed in for 1 h 15 min". */
export const hoursAndMinutesBetween = (fromMs: number, toMs: number): { hours: number; minutes: number } => {
  const totalMinutes = Math.max(0, Math.floor((toMs - fromMs) / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
};
