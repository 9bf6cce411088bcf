import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { apiBlob } from '../lib/api-client';
import { Dialog } from './dialog';
import { ErrorMessage } from './error-message';
import './proof-image.css';

/** The console API path of an uploaded image (a payment proof, a promotion's or a level's picture). */
export const uploadPath = (uploadId: string): string => `/uploads/${encodeURIComponent(uploadId)}`;

/**
 * An image behind the staff guard (an upload, a member's identity document): fetched with the Authorization
 * header (an <img src> cannot send it) and shown through an object URL, released when the image leaves the
 * page. Click to enlarge.
 */
export const ProofImage = ({ path, label, testId }: { path: string; label: string; testId: string }) => {
  const [isEnlarged, setIsEnlarged] = useState(false);
  const image = useQuery({
    queryKey: ['image', path],
    queryFn: ({ signal }) => apiBlob(path, signal),
    staleTime: Infinity,
  });
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
        className="proof"
        onClick={() => {
          setIsEnlarged(true);
        }}
        aria-label={`Enlarge ${label}`}
        data-testid={testId}
      >
        <img src={objectUrl} alt={label} className="proof__thumbnail" />
      </button>
      {isEnlarged ? (
        <Dialog
          title={label}
          wide
          onClose={() => {
            setIsEnlarged(false);
          }}
        >
          <img src={objectUrl} alt={label} className="proof__full" data-testid={`${testId}-full`} />
        </Dialog>
      ) : null}
    </>
  );
};
