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

const pageSize = 10;

const formatStartDate = (timestamp: number): string =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(timestamp));

/** /announce: the announcements and notices in force for the visitor's audience, newest first. */
export function AnnouncementsPage() {
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
  return (
    <article className="page" data-testid="announcements-page">
      <h1 className="page__title">{t('pages.announce.title')}</h1>
      {data === undefined ? (
        <QueryState error={announcements.error} onRetry={() => void announcements.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState message={t('pages.announce.empty')} />
      ) : (
        <>
          <ul className="announcement-list">
            {data.list.map((item) => (
              <li key={item.id} className="announcement-list__item" data-testid="announcement-entry">
                <details>
                  <summary>
                    <span className="announcement-list__title">{item.title}</span>
                    <time
                      dateTime={new Date(item.startDate).toISOString()}
                      className="announcement-list__date"
                    >
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
        </>
      )}
    </article>
  );
}
