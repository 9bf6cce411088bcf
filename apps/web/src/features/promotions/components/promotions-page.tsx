import { promotionCategories, type PromotionCategory } from '@wps/contracts/promotions-rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { usePromotions } from '../api/get-promotions';
import { PromotionCard } from './promotion-card';
import { PromotionDetailsModal } from './promotion-details-modal';
import './promotions.css';

const minuteMs = 60_000;

/** The current time, ticking once a minute (the countdowns). */
const useMinuteClock = (): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, minuteMs);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return now;
};

type Tab = PromotionCategory | 'all';

/** `/promotions`: the brand's promotions by category, each with its countdown, details and action. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const promotions = usePromotions();
  const now = useMinuteClock();
  const [tab, setTab] = useState<Tab>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = promotions.data?.list ?? [];
  const tabs: Tab[] = [
    'all',
    ...promotionCategories.filter((category) => list.some((promotion) => promotion.category === category)),
  ];
  const shown = tab === 'all' ? list : list.filter((promotion) => promotion.category === tab);
  const open = list.find((promotion) => promotion.id === openId);

  return (
    <article className="page promotions-page" data-testid="promotions-page">
      <h1 className="page__title">{t('pages.promotions.title')}</h1>
      {promotions.data === undefined ? (
        <QueryState error={promotions.error} onRetry={() => void promotions.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState message={t('pages.promotions.empty')} />
      ) : (
        <>
          <div
            className="promotions-page__tabs"
            role="tablist"
            aria-label={t('promotions_page.categories_label')}
          >
            {tabs.map((category) => (
              <button
                key={category}
                type="button"
                role="tab"
                aria-selected={tab === category}
                className={tab === category ? 'promotions-page__tab is-active' : 'promotions-page__tab'}
                data-testid={`promotions-tab-${category}`}
                onClick={() => {
                  setTab(category);
                }}
              >
                {category === 'all' ? t('promotions_page.all') : t(`promotions_page.categories.${category}`)}
              </button>
            ))}
          </div>
          {/* The panel holds the list: a list item's parent must be its list for assistive technology. */}
          <div role="tabpanel">
            <ul className="promotions-page__list">
              {shown.map((promotion) => (
                <PromotionCard
                  key={promotion.id}
                  promotion={promotion}
                  now={now}
                  onDetails={() => {
                    setOpenId(promotion.id);
                  }}
                />
              ))}
            </ul>
          </div>
        </>
      )}
      {open !== undefined && (
        <PromotionDetailsModal
          promotion={open}
          now={now}
          onClose={() => {
            setOpenId(null);
          }}
        />
      )}
    </article>
  );
}
