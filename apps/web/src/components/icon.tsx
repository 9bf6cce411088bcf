// Inline strokes instead of emoji or an icon font: they render the same on every device and take the text colour.
const paths = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  search: 'M11 4a7 7 0 100 14 7 7 0 000-14zm5 12l4 4',
  sun: 'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66l1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14l-1.41-1.41M12 8a4 4 0 100 8 4 4 0 000-8z',
  moon: 'M20 14.5A8 8 0 019.5 4a8 8 0 1010.5 10.5z',
  download: 'M12 3v12m0 0l-5-5m5 5l5-5M5 21h14',
  support:
    'M4 13v-1a8 8 0 0116 0v1M4 13a2 2 0 012-2h1v6H6a2 2 0 01-2-2v-2zm16 0a2 2 0 00-2-2h-1v6h1a2 2 0 002-2v-2zM17 17v1a3 3 0 01-3 3h-2',
  'arrow-up': 'M12 20V4m0 0l-6 6m6-6l6 6',
  'arrow-back': 'M20 12H4m0 0l6-6m-6 6l6 6',
  gear: 'M12 9a3 3 0 100 6 3 3 0 000-6zm7.4 3a7.4 7.4 0 00-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 00-2-1.2L14.5 3h-4l-.4 2.6a7.5 7.5 0 00-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 000 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 002 1.2l.4 2.6h4l.4-2.6a7.5 7.5 0 002-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  blocked: 'M12 3a9 9 0 100 18 9 9 0 000-18zM5.64 5.64l12.72 12.72',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-7 8a7 7 0 0114 0',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  'chevron-down': 'M6 9l6 6 6-6',
  chat: 'M4 5h16v11H9l-5 4V5zm4 5h8M8 13h5',
  mail: 'M3 6h18v12H3zm0 0l9 7 9-7',
  megaphone: 'M3 10v4h3l8 5V5L6 10H3zm14-1a4 4 0 010 6',
  refresh: 'M20 11a8 8 0 00-14.7-4.4M4 4v4h4m-4 5a8 8 0 0014.7 4.4M20 20v-4h-4',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10-3a3 3 0 100 6 3 3 0 000-6z',
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  grid: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  gift: 'M3 9h18v4H3zm2 4v8h14v-8M12 9v12M12 9c-2-4-6-4-6-1.5S10 9 12 9zm0 0c2-4 6-4 6-1.5S14 9 12 9z',
  wallet: 'M3 7h16a2 2 0 012 2v9a2 2 0 01-2 2H5a2 2 0 01-2-2V7zm0 0l12-3v3m2 7h.01',
  'eye-off':
    'M3 3l18 18M10.6 5.1A10.8 10.8 0 0112 5c6.4 0 10 7 10 7a17.6 17.6 0 01-3.2 4.2M6.6 6.6A17.4 17.4 0 002 12s3.6 7 10 7a10.3 10.3 0 005.4-1.6M9.9 9.9a3 3 0 004.2 4.2',
} as const;

export type IconName = keyof typeof paths;

type IconProps = { name: IconName; size?: number; className?: string };

/** Decorative only: the control around it carries the accessible name. */
export function Icon({ name, size = 20, className }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
