import { useTranslation } from 'react-i18next';
import { usePermission } from '../api/get-permission';
import './app-download-page.css';

export function AppDownloadPage() {
  const { t } = useTranslation();
  const { siteName } = usePermission();
  return (
    <article className="page">
      <h1 className="page__title">{t('pages.down.title')}</h1>
      <p className="page__intro">{t('pages.down.intro', { siteName })}</p>
      <div className="card-grid">
        <section className="card" aria-labelledby="download-ios">
          <h2 id="download-ios">{t('pages.down.ios')}</h2>
          <ol className="steps">
            <li>{t('pages.down.ios_steps.open')}</li>
            <li>{t('pages.down.ios_steps.share')}</li>
            <li>{t('pages.down.ios_steps.add')}</li>
          </ol>
        </section>
        <section className="card" aria-labelledby="download-android">
          <h2 id="download-android">{t('pages.down.android')}</h2>
          <ol className="steps">
            <li>{t('pages.down.android_steps.open')}</li>
            <li>{t('pages.down.android_steps.menu')}</li>
            <li>{t('pages.down.android_steps.add')}</li>
          </ol>
        </section>
      </div>
    </article>
  );
}
