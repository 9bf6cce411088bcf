import { LazyImage } from '../../../components/lazy-image';
import { imageUrlOf, useImageHost, vendorIconPath } from '../images';

/** A vendor's small menu icon; the vendor's name beside it stays when the image cannot load. */
export function VendorIcon({ vendor, isActive }: { vendor: string; isActive: boolean }) {
  const imageHost = useImageHost();
  return (
    <LazyImage
      sources={[imageUrlOf(vendorIconPath(vendor, isActive ? 'ACTIVE' : 'DEFAULT'), imageHost)]}
      alt=""
      imageClassName="vendor-menu__icon"
      fallback={null}
    />
  );
}
