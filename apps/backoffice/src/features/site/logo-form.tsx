import type { SiteSettings } from '@wps/contracts/site-admin';
import { staffUploadLimits } from '@wps/contracts/uploads';
import { ErrorMessage } from '../../components/error-message';
import { useChangeLogo } from './api';

/**
 * The brand's logo, shown in the site's header in place of its name: uploaded (png, jpg or webp; the server
 * strips its metadata and keeps it at most 132 pixels high) or removed, each at once. No svg: a script inside
 * one would run on the brand's site.
 */
export const LogoForm = ({ settings, canChange }: { settings: SiteSettings; canChange: boolean }) => {
  const change = useChangeLogo();
  const hasLogo = settings.logoUrl !== null;
  return (
    <section className="card" aria-label="Brand logo" data-testid="site-logo">
      <h2>Brand logo</h2>
      {settings.logoUrl === null ? (
        <p data-testid="site-logo-none">
          No logo: the site&apos;s header shows its name, {settings.siteName}.
        </p>
      ) : (
        <img
          className="site-logo-preview"
          src={settings.logoUrl}
          alt={settings.siteName}
          data-testid="site-logo-preview"
        />
      )}
      <p className="site-hint">
        A png, jpg or webp, shown at most 44 pixels high (36 on phones); a transparent background suits both
        themes.
      </p>
      {canChange ? (
        <div className="site-logo-actions">
          <label className="button">
            {hasLogo ? 'Replace logo' : 'Upload logo'}
            <input
              type="file"
              className="site-logo-file"
              accept={staffUploadLimits.contentTypes.join(',')}
              disabled={change.isPending}
              data-testid="site-logo-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                // Cleared, so choosing the same file again uploads it again.
                event.target.value = '';
                if (file) change.mutate(file);
              }}
            />
          </label>
          {hasLogo ? (
            <button
              type="button"
              className="button"
              disabled={change.isPending}
              onClick={() => {
                change.mutate(null);
              }}
              data-testid="site-logo-remove"
            >
              Remove logo
            </button>
          ) : null}
          {change.isPending ? <span className="muted">Saving…</span> : null}
        </div>
      ) : null}
      <ErrorMessage error={change.error} testId="site-logo-error" />
    </section>
  );
};
