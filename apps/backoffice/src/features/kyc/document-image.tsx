import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { useKycDocumentImage } from './api';

/**
 * A document's photo behind the kyc.review guard, shown through an object URL (released when it leaves the page);
 * click to enlarge and compare with the member's details.
 */
export const DocumentImage = ({ id, label }: { id: string; label: string }) => {
  const [isEnlarged, setIsEnlarged] = useState(false);
  const image = useKycDocumentImage(id);
  const objectUrl = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );

  if (image.isError) return <ErrorMessage error={image.error} />;
  if (objectUrl === null) return <span className="muted">Loading…</span>;
  return (
    <>
      <button
        type="button"
        className="kyc-image"
        onClick={() => {
          setIsEnlarged(true);
        }}
        aria-label={`Enlarge ${label}`}
        data-testid={`kyc-image-${id}`}
      >
        <img src={objectUrl} alt={label} className="kyc-image__thumbnail" />
      </button>
      {isEnlarged ? (
        <Dialog
          title={label}
          wide
          onClose={() => {
            setIsEnlarged(false);
          }}
        >
          <img src={objectUrl} alt={label} className="kyc-image__full" data-testid={`kyc-image-${id}-full`} />
        </Dialog>
      ) : null}
    </>
  );
};
