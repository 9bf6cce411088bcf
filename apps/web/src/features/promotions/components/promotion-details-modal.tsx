import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { formatLocalDateTime } from '../../../lib/format-date';
import type { SitePromotion } from '../api/get-promotions';
import { PromotionAction } from './promotion-action';
import { PromotionCountdown } from './promotion-card';
import { PromotionTerms } from './promotion-terms';

/** A promotion in full: its image, period, countdown, terms and the action. */
export function PromotionDetailsModal({
  promotion,
  now,
  onClose,
}: {
  promotion: SitePromotion;
  now: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const start = formatLocalDateTime(promotion.startsAt) ?? '';
  const end = formatLocalDateTime(promotion.endsAt) ?? t('promotions_page.no_end');
  return (
    <Modal title={promotion.title} onClose={onClose} size="wide" testId="promotion-details">
      <div className="promotion-details">
        {promotion.imageUrl !== null && (
          <img className="promotion-details__image" src={promotion.imageUrl} alt="" decoding="async" />
        )}
        {promotion.summary !== '' && <p>{promotion.summary}</p>}
        <p className="muted">{t('promotions_page.period', { start, end })}</p>
        <PromotionCountdown promotion={promotion} now={now} />
        <h3>{t('promotions_page.terms')}</h3>
        {promotion.terms.trim() === '' ? (
          <p className="muted">{t('promotions_page.no_terms')}</p>
        ) : (
          <PromotionTerms html={promotion.terms} />
        )}
        <div className="promotion-details__action">
          <PromotionAction promotion={promotion} />
        </div>
      </div>
    </Modal>
  );
}
