import { useState } from 'react';
import { imageUrlOf, useImageHost, vendorIconPath } from '../images';

/** A vendor's small menu icon; the vendor's name beside it stays when the image cannot load. */
export function VendorIcon({ vendor, isActive }: { vendor: string; isActive: boolean }) {
  const imageHost = useImageHost();
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const src = imageUrlOf(vendorIconPath(vendor, isActive ? 'ACTIVE' : 'DEFAULT'), imageHost);
  if (failed.has(src)) return null;
  return (
    <img
      className="vendor-menu__icon"
      src={src}
      alt=""
      width={32}
      height={32}
      loading="lazy"
      onError={() => {
        setFailed((current) => new Set(current).add(src));
      }}
    />
  );
}
