import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { QueryState } from '../../../components/query-state';
import { useContentLanguage } from '../api/content-query-keys';
import { useHelp } from '../api/get-help';
import { useHelpNotices } from '../api/get-help-notices';
import { SanitizedHtml } from './sanitized-html';
import './help-page.css';
import { formatLocalDate } from '../../../lib/format-date';

/**
 * /help: the help centre's sections from the database in the site language (device WEB), each one a
 * collapsible section whose id is its key; /help#term lands on the terms of use, opened. Back goes to /index.
 */
export function HelpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const language = useContentLanguage();
  const help = useHelp(language, 'WEB');
  const notices = useHelpNotices(language).data ?? [];
  const noticesHeadingId = useId();
  const target = decodeURIComponent(hash.replace(/^#/, ''));
  const sections = help.data?.sections;

  // The section named in the address is scrolled to once the content is there (the browser tried too early).
  useEffect(() => {
    if (target === '' || sections === undefined) return;
    const element = document.getElementById(target);
    if (element instanceof HTMLDetailsElement) element.open = true;
    element?.scrollIntoView({ block: 'start' });
    element?.querySelector('summary')?.focus({ preventScroll: true });
  }, [target, sections]);

  return (
    <article className="page help-page" data-testid="help-page">
      <button type="button" className="button button--ghost" onClick={() => void navigate('/index')}>
        <Icon name="arrow-back" size={18} className="flip-rtl" />
        {t('pages.help.back')}
      </button>
      <h1 className="page__title">{t('pages.help.title')}</h1>
      {/* The help-centre notices (type H of the content call), newest first, above the sections. */}
      {notices.length > 0 && (
        <section className="help-page__notices" aria-labelledby={noticesHeadingId} data-testid="help-notices">
          <h2 id={noticesHeadingId}>{t('pages.help.notices')}</h2>
          <ul>
            {notices.map((notice) => (
              <li key={notice.id} className="help-page__notice" data-testid="help-notice">
                <h3>{notice.title}</h3>
                <time dateTime={new Date(notice.startDate).toISOString()}>
                  {formatLocalDate(notice.startDate)}
                </time>
                <SanitizedHtml className="rich-content" html={notice.content} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {sections === undefined ? (
        <QueryState error={help.error} onRetry={() => void help.refetch()} />
      ) : sections.length === 0 ? (
        <EmptyState message={t('pages.help.empty')} />
      ) : (
        <>
          <nav className="help-page__index" aria-label={t('pages.help.contents')}>
            <ul>
              {sections.map((section) => (
                <li key={section.section}>
                  <a href={`#${section.section}`}>{section.title}</a>
                </li>
              ))}
            </ul>
          </nav>
          {sections.map((section) => (
            <details
              key={section.section}
              id={section.section}
              className="help-page__section"
              open={section.section === target || undefined}
              data-testid={`help-section-${section.section}`}
            >
              <summary>
                <h2>{section.title}</h2>
              </summary>
              <SanitizedHtml className="rich-content help-page__content" html={section.content} />
            </details>
          ))}
        </>
      )}
    </article>
  );
}
