import { encode } from 'uqr';

/**
 * A QR code of `text` as an SVG of its dark modules (uqr encodes; nothing is injected as HTML). Quiet zone
 * of two modules; always drawn left to right, whatever the page's direction.
 */
export function QrCode({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (isDark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-qr-text={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
