import { staffUploadLimits } from '@wps/contracts/uploads';
import type { ReactNode } from 'react';

/** An operator upload's call (its state, and how it is started). */
type Upload = {
  isPending: boolean;
  mutate: (file: File, options: { onSuccess: (stored: { id: string }) => void }) => void;
};

/**
 * A labelled file input that uploads the chosen picture at once, and says so while it does; `onUploaded` gets
 * the stored upload and the file. The input is cleared, so choosing the same file again uploads it again.
 */
export const EditorUploadInput = ({
  label,
  upload,
  testId,
  onUploaded,
}: {
  label: ReactNode;
  upload: Upload;
  testId: string;
  onUploaded: (stored: { id: string }, file: File) => void;
}) => (
  <>
    <label>
      {label}
      <input
        type="file"
        accept={staffUploadLimits.contentTypes.join(',')}
        disabled={upload.isPending}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          upload.mutate(file, {
            onSuccess: (stored) => {
              onUploaded(stored, file);
            },
          });
        }}
      />
    </label>
    {upload.isPending ? <span className="muted">Uploading…</span> : null}
  </>
);
