import type { Announcement } from '@wps/contracts/content';
import { announcementPopupPageSize, announcementPopupPagination } from '@wps/contracts/content-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { Pagination } from '../../../components/pagination';
import { SanitizedHtml } from './sanitized-html';
import './announcement-popup.css';
import { formatLocalDate } from '../../../lib/format-date';

type AnnouncementPopupProps = {
  title: string;
  items: readonly Announcement[];
  /** The item shown first (a notice clicked in the marquee); the first item otherwise. */
  initialId?: string;
  onClose: () => void;
  testId?: string;
};

const pageOf = (items: readonly Announcement[], id: string | undefined): number => {
  const index = id === undefined ? -1 : items.findIndex((item) => item.id === id);
  return index < 0 ? 1 : Math.floor(index / announcementPopupPageSize) + 1;
};

const formatStartDate = (timestamp: number): string => formatLocalDate(new Date(timestamp));

/**
 * Spec section 2, Announcement popup: a list of titles and start dates on one side, the selected item's HTML
 * on the other; 9 to a page, and a page change selects that page's first item.
 */
export function AnnouncementPopup({ title, items, initialId, onClose, testId }: AnnouncementPopupProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(() => pageOf(items, initialId));
  const [selectedId, setSelectedId] = useState(initialId ?? items[0]?.id);
  const totalPages = Math.max(1, Math.ceil(items.length / announcementPopupPageSize));
  const pageItems = items.slice((page - 1) * announcementPopupPageSize, page * announcementPopupPageSize);
  const selected = pageItems.find((item) => item.id === selectedId) ?? pageItems[0];

  return (
    <Modal title={title} onClose={onClose} size="wide" testId={testId}>
      <div className="announcement-popup">
        <ul className="announcement-popup__list" aria-label={t('content.announcements.list')}>
          {pageItems.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="announcement-popup__item"
                aria-current={item.id === selected?.id ? 'true' : undefined}
                data-testid="announcement-item"
                onClick={() => {
                  setSelectedId(item.id);
                }}
              >
                <span className="announcement-popup__title">{item.title}</span>
                <time className="announcement-popup__date" dateTime={new Date(item.startDate).toISOString()}>
                  {formatStartDate(item.startDate)}
                </time>
              </button>
            </li>
          ))}
        </ul>
        {selected && (
          <article className="announcement-popup__pane" aria-live="polite" data-testid="announcement-pane">
            <h3 className="announcement-popup__pane-title">{selected.title}</h3>
            <SanitizedHtml className="rich-content" html={selected.content} />
          </article>
        )}
      </div>
      <Pagination
        page={page}
        totalPages={totalPages}
        window={announcementPopupPagination}
        label={t('content.announcements.pages')}
        testId="announcement-pagination"
        onPageChange={(next) => {
          setPage(next);
          setSelectedId(items[(next - 1) * announcementPopupPageSize]?.id);
        }}
      />
    </Modal>
  );
}
