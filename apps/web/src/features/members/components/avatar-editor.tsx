import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { Icon } from '../../../components/icon';
import { LazyImage } from '../../../components/lazy-image';
import { translateApiError } from '../../../lib/translate-message';
import { avatarAccept, checkAvatarFile, useUploadAvatar } from '../api/upload-avatar';

/**
 * The member's picture and its change: a png or jpg of up to 5 MB, refused in the browser otherwise, uploaded
 * as soon as it is chosen. The new picture shows here and in the header once the server has it.
 */
export function AvatarEditor({ avatarUrl }: { avatarUrl: string | null }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File) => {
    const problem = checkAvatarFile(file);
    if (problem !== null) {
      setError(t(`errors.${problem}`));
      return;
    }
    setError(null);
    try {
      await upload.mutateAsync(file);
      dialogs.toast(t('security_centre.avatar.changed'));
    } catch (failure) {
      setError(translateApiError(t, failure));
    }
  };

  return (
    <div className="security-avatar">
      <LazyImage
        sources={avatarUrl === null ? [] : [avatarUrl]}
        alt={t('security_centre.avatar.alt')}
        imageClassName="security-avatar__image"
        imageTestId="security-avatar-image"
        fallback={
          <span
            className="security-avatar__image security-avatar__image--default"
            role="img"
            aria-label={t('security_centre.avatar.alt')}
            data-testid="security-avatar-default"
          >
            <Icon name="user" size={40} />
          </span>
        }
      />
      <div className="security-avatar__change">
        <button
          type="button"
          className="button button--ghost"
          disabled={upload.isPending}
          aria-busy={upload.isPending}
          aria-describedby={error === null ? hintId : `${errorId} ${hintId}`}
          data-testid="security-avatar-change"
          onClick={() => fileInput.current?.click()}
        >
          {t('security_centre.avatar.change')}
        </button>
        {/* Opened by the button above, which carries its name, hint and error. */}
        <input
          ref={fileInput}
          type="file"
          accept={avatarAccept}
          hidden
          tabIndex={-1}
          aria-label={t('security_centre.avatar.change')}
          data-testid="security-avatar-file"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // Cleared, so choosing the same file again (after fixing it) is a change again.
            event.target.value = '';
            if (chosen !== undefined) void send(chosen);
          }}
        />
        <p id={hintId} className="security-hint">
          {t('security_centre.avatar.hint')}
        </p>
        {upload.isPending && (
          <p className="security-hint" role="status">
            {t('security_centre.avatar.uploading')}
          </p>
        )}
        {error !== null && (
          <p id={errorId} className="form-error" role="alert" data-testid="security-avatar-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
