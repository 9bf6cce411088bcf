import type { ReactNode } from 'react';

/**
 * The house slot's symbols drawn as our own vector art (64 × 64), so every device shows the same picture: the
 * system emoji they replace showed as empty boxes where a phone had no emoji font.
 */
const art: Readonly<Record<string, ReactNode>> = {
  CHERRY: (
    <>
      <path d="M33 8c-2 10-9 20-16 30M33 8c3 12 9 21 15 28" fill="none" stroke="#2e7d32" strokeWidth="3" />
      <path d="M33 8c6-5 15-5 20 1-7 3-13 3-20-1z" fill="#43a047" />
      <circle cx="17" cy="45" r="11" fill="#d32f2f" />
      <circle cx="46" cy="43" r="11" fill="#c62828" />
      <circle cx="13" cy="41" r="3" fill="#ff8a80" />
      <circle cx="42" cy="39" r="3" fill="#ff8a80" />
    </>
  ),
  LEMON: (
    <>
      <path d="M6 34c4-14 18-22 32-20 10 1 17 7 20 14-4 14-18 22-32 20-10-1-17-7-20-14z" fill="#fdd835" />
      <path d="M6 34 2 35M58 28l4-1" stroke="#f9a825" strokeWidth="4" strokeLinecap="round" />
      <ellipse cx="24" cy="26" rx="8" ry="3" fill="#fff59d" transform="rotate(-15 24 26)" />
    </>
  ),
  ORANGE: (
    <>
      <circle cx="32" cy="36" r="22" fill="#fb8c00" />
      <path d="M32 14c2-6 8-9 14-8-2 6-7 9-14 8z" fill="#43a047" />
      <circle cx="24" cy="28" r="5" fill="#ffcc80" />
      <circle cx="40" cy="44" r="1.5" fill="#ef6c00" />
      <circle cx="30" cy="48" r="1.5" fill="#ef6c00" />
      <circle cx="44" cy="32" r="1.5" fill="#ef6c00" />
    </>
  ),
  PLUM: (
    <>
      <path d="M32 14c-3-5-2-9 1-11" fill="none" stroke="#5d4037" strokeWidth="3" strokeLinecap="round" />
      <ellipse cx="32" cy="37" rx="20" ry="23" fill="#6a1b9a" />
      <path d="M32 15c-4 8-4 36 0 44" fill="none" stroke="#4a148c" strokeWidth="2" />
      <ellipse cx="23" cy="28" rx="4" ry="7" fill="#ce93d8" />
    </>
  ),
  MELON: (
    <>
      <path d="M4 24h56c0 17-13 30-28 30S4 41 4 24z" fill="#2e7d32" />
      <path d="M9 24h46c0 14-10 25-23 25S9 38 9 24z" fill="#e53935" />
      <path d="M20 31l2 4M32 33v4M44 31l-2 4M26 40l1 3M38 40l-1 3" stroke="#212121" strokeWidth="3" />
    </>
  ),
  BELL: (
    <>
      <path d="M32 8c-11 0-17 9-17 21v10l-6 9h46l-6-9V29c0-12-6-21-17-21z" fill="#fbc02d" />
      <path d="M9 48h46v4H9z" fill="#f9a825" />
      <circle cx="32" cy="56" r="5" fill="#8d6e63" />
      <path d="M24 18c-3 3-4 7-4 12" fill="none" stroke="#fff59d" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  SEVEN: (
    <path
      d="M14 10h38v8L33 56H21l18-36H14z"
      fill="#d32f2f"
      stroke="#7f0000"
      strokeWidth="3"
      strokeLinejoin="round"
    />
  ),
  SCATTER: (
    <>
      <path d="M18 10h28l12 14-26 32L6 24z" fill="#29b6f6" />
      <path
        d="M6 24h52M18 10l6 14 8 32 8-32 6-14M24 24l8-14 8 14"
        fill="none"
        stroke="#01579b"
        strokeWidth="2"
      />
      <path d="M20 14l-6 8" stroke="#e1f5fe" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  WILD: (
    <>
      <rect x="4" y="14" width="56" height="36" rx="8" fill="#6a1b9a" stroke="#fbc02d" strokeWidth="3" />
      <text
        x="32"
        y="39"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="17"
        fontWeight="800"
        fill="#fff"
      >
        WILD
      </text>
    </>
  ),
};

/** A symbol's art, or its code as text for a symbol without art. */
export function SlotSymbolArt({ symbol }: { symbol: string }) {
  const picture = art[symbol];
  if (picture === undefined) return <>{symbol}</>;
  return (
    // One em square: the size of the text it stands in (the reels' cells, the fairness page's rows).
    <svg viewBox="0 0 64 64" width="1em" height="1em" aria-hidden="true" focusable="false">
      {picture}
    </svg>
  );
}
