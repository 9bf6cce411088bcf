import { LazyImage } from '../../../components/lazy-image';
import { imageUrlOf, useImageHost, vendorIconPath } from '../images';
import { VendorLogo } from './vendor-logo';

/**
 * A vendor's small menu icon. On the platform's own images it is the vendor's generated mark, drawn here;
 * a brand with an image CDN of its own (real logos) shows the CDN's icon, and the mark when that fails.
 */
export function VendorIcon({ vendor, name, isActive }: { vendor: string; name: string; isActive: boolean }) {
  const imageHost = useImageHost();
  const mark = <VendorLogo code={vendor} name={name} className="vendor-menu__icon" />;
  if (imageHost === '') return mark;
  return (
    <LazyImage
      sources={[imageUrlOf(vendorIconPath(vendor, isActive ? 'ACTIVE' : 'DEFAULT'), imageHost)]}
      alt=""
      imageClassName="vendor-menu__icon"
      fallback={mark}
    />
  );
}
