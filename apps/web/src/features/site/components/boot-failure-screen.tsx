import { useTranslation } from 'react-i18next';

type BootFailureScreenProps = { onRetry: () => void };

/** Shown when the site configuration cannot be loaded, so nothing else can render yet. */
export function BootFailureScreen({ onRetry }: BootFailureScreenProps) {
  const { t } = useTranslation();
  return (
    <main className="status-screen" data-testid="boot-failure-screen">
      <section className="status-card" role="alert">
        <p>{t('network_abnormal')}</p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </section>
    </main>
  );
}
