import { vendorMarkColourOf, vendorMarkOf, vendorShapePaths } from '@wps/contracts/vendor-mark';

/**
 * A vendor's logo: its own generated mark (initials on its colour, in its shape). Decorative: the vendor's
 * name is written beside it.
 */
export function VendorLogo({ code, name, className }: { code: string; name: string; className?: string }) {
  const mark = vendorMarkOf(code, name);
  const fontSize = mark.initials.length >= 4 ? 10 : mark.initials.length === 3 ? 12 : 15;
  return (
    <svg
      className={className ?? 'vendor-logo'}
      viewBox="0 0 40 40"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
      data-testid="vendor-logo"
      data-vendor={code}
      data-shape={mark.shape}
      data-hue={mark.hue}
    >
      <path
        d={vendorShapePaths[mark.shape]}
        fill={vendorMarkColourOf(mark.hue)}
        stroke="#ffffff"
        strokeOpacity="0.6"
      />
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fill="#ffffff"
        fontSize={fontSize}
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
      >
        {mark.initials}
      </text>
    </svg>
  );
}
