/**
 * A casino chip as our own vector art: a disc in the text's colour with white edge stripes and its value on a
 * white centre. `size` across, at (x, y) inside a drawing, or one chip filling its box in a page.
 * Decorative: the button or spot around it carries the chip's name.
 */
export function ChipArt({
  label,
  x,
  y,
  size,
}: {
  label: string;
  x?: number;
  y?: number;
  size?: number | string;
}) {
  return (
    <svg
      className="chip-art"
      viewBox="-32 -32 64 64"
      x={x}
      y={y}
      width={size ?? '100%'}
      height={size ?? '100%'}
      aria-hidden="true"
      focusable="false"
    >
      <circle r="31" fill="currentColor" />
      {/* Eight stripes round the edge: the ring's circumference (2π·26) in sixteen equal dashes. */}
      <circle r="26" fill="none" stroke="#fff" strokeWidth="6" strokeDasharray="10.21 10.21" />
      <circle r="20" fill="#fff" />
      <text
        y={label.length > 3 ? 5 : 7}
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize={label.length > 3 ? 14 : 19}
        fontWeight="800"
        fill="#111"
      >
        {label}
      </text>
    </svg>
  );
}
