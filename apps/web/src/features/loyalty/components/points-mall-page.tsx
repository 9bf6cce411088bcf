import { pointEarningSources } from '@wps/contracts/loyalty-points';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/captioned-table';
import { useDialogs } from '../../../components/dialog-provider';
import { EmptyState } from '../../../components/empty-state';
import { Money } from '../../../components/money';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { useSession } from '../../auth/api/use-session';
import {
  type MallItem,
  type PointBalance,
  usePointBalance,
  usePointConfig,
  useMallItems,
  usePointTransactions,
  useRedemptions,
} from '../api/points-queries';
import { ConvertDialog, RedeemDialog } from './points-mall-dialogs';
import './points-mall.css';

type Tab = 'mall' | 'history' | 'details';
const tabs: readonly Tab[] = ['mall', 'history', 'details'];

function BalanceCard({ balance, onConvert }: { balance: PointBalance; onConvert: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <section className="points-mall__balance" aria-labelledby="points-balance-title">
      <div className="points-mall__balance-head">
        <div>
          <h2 id="points-balance-title">{t('loyalty.points.balance')}</h2>
          <p className="points-mall__points" data-testid="points-balance">
            {balance.balance}
          </p>
        </div>
        {onConvert && (
          <button
            type="button"
            className="button button--primary"
            onClick={onConvert}
            data-testid="points-convert"
          >
            {t('loyalty.points.convert')}
          </button>
        )}
      </div>
      <dl className="points-mall__earned">
        {pointEarningSources.map((source) => (
          <div key={source}>
            <dt>{t(`loyalty.points.sources.${source}`)}</dt>
            <dd data-testid={`points-earned-${source}`}>{balance.earned[source]}</dd>
          </div>
        ))}
        <div>
          <dt>{t('loyalty.points.redeemed_total')}</dt>
          <dd>{balance.redeemed}</dd>
        </div>
        <div>
          <dt>{t('loyalty.points.converted_total')}</dt>
          <dd>{balance.converted}</dd>
        </div>
      </dl>
    </section>
  );
}

function ItemGrid({
  items,
  balance,
  symbol,
  onRedeem,
}: {
  items: readonly MallItem[];
  balance: bigint;
  symbol: string;
  onRedeem: (item: MallItem) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <EmptyState message={t('loyalty.points.no_items')} />;
  return (
    <ul className="points-mall__grid">
      {items.map((item) => (
        <li key={item.id} className="points-mall__item" data-testid={`points-item-${item.id}`}>
          {item.imageUrl && <img className="points-mall__image" src={item.imageUrl} alt="" loading="lazy" />}
          <span className="points-mall__kind">{t(`loyalty.points.kinds.${item.kind}`)}</span>
          <h3>{item.name}</h3>
          {item.description && <p className="muted">{item.description}</p>}
          {item.kind !== 'physical' && (
            <p>
              <Money amount={item.amount} symbol={symbol} />
              {item.kind === 'free_spins' && ` · ${t('loyalty.points.spins', { count: item.spins })}`}
            </p>
          )}
          {item.stock !== null && <p className="muted">{t('loyalty.points.stock', { count: item.stock })}</p>}
          <p className="points-mall__cost">{t('loyalty.points.cost', { points: item.pointsCost })}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={BigInt(item.pointsCost) > balance}
            data-testid={`points-redeem-${item.id}`}
            onClick={() => {
              onRedeem(item);
            }}
          >
            {t('loyalty.points.redeem')}
          </button>
        </li>
      ))}
    </ul>
  );
}

function RedeemHistory({ language, symbol }: { language: string; symbol: string }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const history = useRedemptions(pageNo, language);
  if (history.data === undefined)
    return <QueryState error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.list.length === 0) return <EmptyState message={t('loyalty.points.no_history')} />;
  return (
    <>
      <CaptionedTable caption={t('loyalty.points.tabs.history')} testId="points-history">
        <thead>
          <tr>
            <th scope="col">{t('loyalty.points.reference')}</th>
            <th scope="col">{t('loyalty.points.applied_at')}</th>
            <th scope="col">{t('loyalty.points.name')}</th>
            <th scope="col">{t('loyalty.points.quantity')}</th>
            <th scope="col">{t('loyalty.points.points')}</th>
            <th scope="col">{t('loyalty.points.amount')}</th>
            <th scope="col">{t('loyalty.points.status')}</th>
            <th scope="col">{t('loyalty.points.remark')}</th>
          </tr>
        </thead>
        <tbody>
          {history.data.list.map((row) => (
            <tr key={row.id} data-testid={`points-history-${row.id}`}>
              <th scope="row">{row.reference}</th>
              <td>{formatLocalDateTime(row.appliedAt)}</td>
              <td>
                {t(`loyalty.points.kinds.${row.kind}`)} · {row.name}
              </td>
              <td>{row.quantity}</td>
              <td>{row.points}</td>
              <td>
                <Money amount={row.amount} symbol={symbol} />
              </td>
              <td>{t(`loyalty.points.statuses.${row.status}`)}</td>
              <td>{[row.trackingNumber, row.remark].filter(Boolean).join(' · ')}</td>
            </tr>
          ))}
        </tbody>
      </CaptionedTable>
      {history.data.totalPages > 1 && (
        <Pagination page={pageNo} totalPages={history.data.totalPages} onPageChange={setPageNo} />
      )}
    </>
  );
}

function PointDetails() {
  const { t } = useTranslation();
  const details = usePointTransactions();
  if (details.data === undefined)
    return <QueryState error={details.error} onRetry={() => void details.refetch()} />;
  const rows = details.data.pages.flatMap((page) => page.list);
  if (rows.length === 0) return <EmptyState message={t('loyalty.points.no_details')} />;
  return (
    <>
      <CaptionedTable caption={t('loyalty.points.tabs.details')} testId="points-details">
        <thead>
          <tr>
            <th scope="col">{t('loyalty.points.date')}</th>
            <th scope="col">{t('loyalty.points.type')}</th>
            <th scope="col">{t('loyalty.points.points')}</th>
            <th scope="col">{t('loyalty.points.balance_after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{formatLocalDateTime(row.createdAt)}</th>
              <td>
                {t(`loyalty.points.movements.${row.kind.replace('points.', '')}`, { defaultValue: row.kind })}
              </td>
              <td>{row.points.startsWith('-') ? row.points : `+${row.points}`}</td>
              <td>{row.balanceAfter}</td>
            </tr>
          ))}
        </tbody>
      </CaptionedTable>
      {details.hasNextPage && (
        <button
          type="button"
          className="button button--ghost"
          disabled={details.isFetchingNextPage}
          onClick={() => void details.fetchNextPage()}
        >
          {t('loyalty.points.more')}
        </button>
      )}
    </>
  );
}

function MallTab({ balance, symbol, language }: { balance: PointBalance; symbol: string; language: string }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const items = useMallItems(language);
  const [redeeming, setRedeeming] = useState<MallItem | null>(null);
  if (items.data === undefined)
    return <QueryState error={items.error} onRetry={() => void items.refetch()} />;
  return (
    <>
      <ItemGrid
        items={items.data.list}
        balance={BigInt(balance.balance)}
        symbol={symbol}
        onRedeem={setRedeeming}
      />
      {redeeming && (
        <RedeemDialog
          item={redeeming}
          balance={BigInt(balance.balance)}
          language={language}
          onClose={() => {
            setRedeeming(null);
          }}
          onDone={(message) => {
            setRedeeming(null);
            dialogs.toast(message);
          }}
        />
      )}
      {items.data.list.length > 0 && <p className="muted">{t('loyalty.points.never_expire')}</p>}
    </>
  );
}

/**
 * /pointMall: the member's points (balance and where they came from), the mall with redeem, convert to cash,
 * the redeem history with statuses and the points movements. Guests are asked to log in.
 */
export function PointsMallPage() {
  const { t, i18n } = useTranslation();
  const { member, isLogin } = useSession();
  const language = i18n.language.startsWith('ur') ? 'ur' : 'en';
  const [tab, setTab] = useState<Tab>('mall');
  const [isConverting, setIsConverting] = useState(false);
  const dialogs = useDialogs();
  const balance = usePointBalance(isLogin);
  const config = usePointConfig(isLogin);
  if (!isLogin || member === null) {
    return (
      <article className="page points-mall">
        <h1 className="page__title">{t('pages.point_mall.title')}</h1>
        <EmptyState message={t('loyalty.points.login_first')} />
      </article>
    );
  }
  const symbol = member.currencySymbol;
  return (
    <article className="page points-mall" data-testid="points-mall">
      <h1 className="page__title">{t('pages.point_mall.title')}</h1>
      {balance.data === undefined ? (
        <QueryState error={balance.error} onRetry={() => void balance.refetch()} />
      ) : (
        <>
          <BalanceCard
            balance={balance.data}
            onConvert={
              config.data?.isEnabled
                ? () => {
                    setIsConverting(true);
                  }
                : null
            }
          />
          <div className="points-mall__tabs" role="tablist">
            {tabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                className={tab === name ? 'points-mall__tab points-mall__tab--active' : 'points-mall__tab'}
                data-testid={`points-tab-${name}`}
                onClick={() => {
                  setTab(name);
                }}
              >
                {t(`loyalty.points.tabs.${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel">
            {tab === 'mall' && <MallTab balance={balance.data} symbol={symbol} language={language} />}
            {tab === 'history' && <RedeemHistory language={language} symbol={symbol} />}
            {tab === 'details' && <PointDetails />}
          </div>
          {isConverting && config.data && (
            <ConvertDialog
              config={config.data}
              balance={BigInt(balance.data.balance)}
              symbol={symbol}
              onClose={() => {
                setIsConverting(false);
              }}
              onDone={(message) => {
                setIsConverting(false);
                dialogs.toast(message);
              }}
            />
          )}
        </>
      )}
    </article>
  );
}
