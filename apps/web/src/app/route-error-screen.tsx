import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { hideGlobalLoader } from '../lib/global-loader';
import { isChunkLoadError } from '../lib/lazy-component';

/**
 * Shown instead of a blank page when a page fails: a part of the site that did not arrive (spec section 8,
 * ChunkLoadError) or an unexpected error. Reloading fetches the current release's files again.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    hideGlobalLoader();
  }, []);
  return (
    <main className="status-screen" data-testid="route-error-screen">
      <section className="status-card" role="alert">
        <p>{isChunkLoadError(error) ? t('common.chunk_load_failed') : t('network_abnormal')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('common.reload')}
        </button>
      </section>
    </main>
  );
}
