import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { useContentLanguage } from '../api/content-query-keys';
import { useAnnouncements } from '../api/get-announcements';
import { useAnnouncementAudience } from '../use-announcement-audience';
import { SanitizedHtml } from './sanitized-html';
import './announcements-page.css';
import { formatLocalDate } from '../../../lib/format-date';

const pageSize = 10;

const formatStartDate = (timestamp: number): string => formatLocalDate(new Date(timestamp));

/**
 * The announcements and notices in force for the visitor's audience, newest first, paged: the /announce page's
 * body and the agent centre's announcements section (which has its own heading).
 */
export function AnnouncementList() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const audience = useAnnouncementAudience();
  const [page, setPage] = useState(1);
  const announcements = useAnnouncements({
    pageNo: page,
    pageSize,
    // A first-time login reads what every member reads.
    execution: audience === 'B' ? 'B' : 'A',
    language,
  });
  const data = announcements.data;
  if (data === undefined) {
    return <QueryState error={announcements.error} onRetry={() => void announcements.refetch()} />;
  }
  if (data.list.length === 0) return <EmptyState message={t('pages.announce.empty')} />;
  return (
    <div className="announcements" data-testid="announcement-list">
      <ul className="announcement-list">
        {data.list.map((item) => (
          <li key={item.id} className="announcement-list__item" data-testid="announcement-entry">
            <details>
              <summary>
                <span className="announcement-list__title">{item.title}</span>
                <time dateTime={new Date(item.startDate).toISOString()} className="announcement-list__date">
                  {formatStartDate(item.startDate)}
                </time>
              </summary>
              <SanitizedHtml className="rich-content announcement-list__content" html={item.content} />
            </details>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={data.totalPages}
        onPageChange={setPage}
        testId="announce-pagination"
      />
    </div>
  );
}

/** /announce: the site's page of announcements. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  return (
    <article className="page" data-testid="announcements-page">
      <h1 className="page__title">{t('pages.announce.title')}</h1>
      <AnnouncementList />
    </article>
  );
}
