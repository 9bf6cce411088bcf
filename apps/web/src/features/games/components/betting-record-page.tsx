import type { BettingRound } from '@wps/contracts/games';
import { bettingProductLines, gameCategories, roundStatusFilters } from '@wps/contracts/games-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { Money } from '../../../components/money';
import { CaptionedTable } from '../../../components/captioned-table';
import { QueryState } from '../../../components/query-state';
import { PagedRecords, RecordResults } from '../../../components/record-results';
import { RecordSearchForm, useRecordSearch } from '../../../components/record-search';
import { SelectField } from '../../../components/select-field';
import {
  type BettingProductLine,
  type BettingRecordFilter,
  type BettingStatusFilter,
  useBettingRecords,
  useBettingRound,
} from '../api/get-betting-records';
import './betting-record-page.css';

const isProductLine = (value: string): value is BettingProductLine =>
  bettingProductLines.some((line) => line === value);
const isCategory = (value: string): value is (typeof gameCategories)[number] =>
  gameCategories.some((category) => category === value);
const isStatusFilter = (value: string): value is BettingStatusFilter =>
  roundStatusFilters.some((status) => status === value);

/** "All products" or the category's name (ESPORTS and COCKFIGHT included). */
function useProductLineLabel() {
  const { t } = useTranslation();
  return (line: string): string =>
    line === 'ALL' ? t('betting.all_products') : isCategory(line) ? t(`game_types.${line}`) : line;
}

function RoundDetail({ round, onClose }: { round: BettingRound; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useBettingRound(round.roundId);
  const productLineLabel = useProductLineLabel();
  return (
    <Modal
      title={t('betting.detail_title', { game: round.gameName })}
      onClose={onClose}
      size="wide"
      testId="round-detail"
    >
      <dl className="wallet-summary betting-detail__facts">
        <div className="wallet-summary__item">
          <dt>{t('betting.round')}</dt>
          <dd>
            <bdi data-testid="round-detail-ref">{round.roundRef}</bdi>
          </dd>
        </div>
        <div className="wallet-summary__item">
          <dt>{t('betting.vendor')}</dt>
          <dd>
            <bdi>{round.vendorName}</bdi> · {productLineLabel(round.productLine)}
          </dd>
        </div>
        <div className="wallet-summary__item">
          <dt>{t('betting.status')}</dt>
          <dd>{t(`betting.statuses.${round.status}`)}</dd>
        </div>
        <div className="wallet-summary__item">
          <dt>{t('betting.profit')}</dt>
          <dd>
            <Money amount={round.profit} signed />
          </dd>
        </div>
      </dl>
      {typeof detail.data?.details?.bet === 'string' && (
        <p className="betting-detail__bet" data-testid="round-bet-detail">
          {t('betting.bet_detail')}: <bdi>{detail.data.details.bet}</bdi>
        </p>
      )}
      {typeof detail.data?.details?.verifyPath === 'string' && (
        <p data-testid="round-proof">
          {t('betting.proof')}{' '}
          <Link to={detail.data.details.verifyPath} data-testid="round-verify-link">
            {t('betting.verify')}
          </Link>
        </p>
      )}
      {detail.data === undefined ? (
        <QueryState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : detail.data.transactions.length === 0 ? (
        <EmptyState message={t('betting.no_transactions')} />
      ) : (
        <CaptionedTable caption={t('betting.transactions_caption')} testId="round-transactions">
          <thead>
            <tr>
              <th scope="col">{t('betting.time')}</th>
              <th scope="col">{t('betting.transaction_kind')}</th>
              <th scope="col" className="wallet-table__number">
                {t('betting.amount', { currency: round.currency })}
              </th>
              <th scope="col">{t('betting.transaction_id')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.data.transactions.map((transaction) => (
              <tr key={transaction.transactionUuid} data-testid="round-transaction">
                <td>
                  <DateTime iso={transaction.createdAt} />
                </td>
                <td>
                  {t(`betting.kinds.${transaction.kind}`)}
                  {transaction.isRolledBack && (
                    <span className="betting-badge" data-testid="round-transaction-rolled-back">
                      {t('betting.rolled_back')}
                    </span>
                  )}
                </td>
                <td className="wallet-table__number">
                  <Money amount={transaction.amount} />
                </td>
                <td>
                  <bdi className="wallet-table__reference">{transaction.transactionUuid}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </CaptionedTable>
      )}
    </Modal>
  );
}

function RoundsTable({
  rounds,
  onOpen,
}: {
  rounds: readonly BettingRound[];
  onOpen: (round: BettingRound) => void;
}) {
  const { t } = useTranslation();
  const productLineLabel = useProductLineLabel();
  const currency = rounds[0]?.currency ?? '';
  return (
    <CaptionedTable caption={t('betting.caption')} testId="betting-table" isCaptionHidden>
      <thead>
        <tr>
          <th scope="col">{t('betting.time')}</th>
          <th scope="col">{t('betting.game')}</th>
          <th scope="col">{t('betting.product_line')}</th>
          <th scope="col">{t('betting.status')}</th>
          <th scope="col" className="wallet-table__number">
            {t('betting.bet', { currency })}
          </th>
          <th scope="col" className="wallet-table__number">
            {t('betting.valid_bet')}
          </th>
          <th scope="col" className="wallet-table__number">
            {t('betting.win')}
          </th>
          <th scope="col" className="wallet-table__number">
            {t('betting.profit')}
          </th>
          <th scope="col">
            <span className="visually-hidden">{t('betting.detail')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((round) => (
          <tr key={round.roundId} data-testid="betting-row">
            <td>
              <DateTime iso={round.openedAt} />
            </td>
            <td>
              <bdi className="betting-game">{round.gameName}</bdi>
              <span className="betting-vendor muted">{round.vendorName}</span>
            </td>
            <td>{productLineLabel(round.productLine)}</td>
            <td>{t(`betting.statuses.${round.status}`)}</td>
            <td className="wallet-table__number">
              <Money amount={round.betAmount} />
            </td>
            <td className="wallet-table__number">
              <Money amount={round.validBet} />
            </td>
            <td className="wallet-table__number">
              <Money amount={round.winAmount} />
            </td>
            <td className="wallet-table__number">
              <Money amount={round.profit} signed />
            </td>
            <td>
              <button
                type="button"
                className="button button--ghost"
                data-testid="betting-row-detail"
                aria-label={t('betting.detail_of', { game: round.gameName, round: round.roundRef })}
                onClick={() => {
                  onOpen(round);
                }}
              >
                {t('betting.detail')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}

/** personalHistoryCopy: the member's game rounds by product line, days and status, paged, with a detail. */
export function BettingRecordPage() {
  const { t } = useTranslation();
  const productLineLabel = useProductLineLabel();
  const [productLine, setProductLine] = useState<BettingProductLine>('ALL');
  const [status, setStatus] = useState<BettingStatusFilter>('ALL');
  const { filter, page, setPage, form } = useRecordSearch((range): BettingRecordFilter => ({
    productLine,
    status,
    ...range,
  }));
  const [openRound, setOpenRound] = useState<BettingRound | null>(null);
  const records = useBettingRecords(filter, page);

  return (
    <div className="wallet-page" data-testid="betting-page">
      <RecordSearchForm search={form} searchLabel={t('betting.search')} testId="betting">
        <SelectField
          label={t('betting.product_line')}
          value={productLine}
          testId="betting-product-line"
          options={bettingProductLines.map((line) => ({ value: line, label: productLineLabel(line) }))}
          onValueChange={(value) => {
            if (isProductLine(value)) setProductLine(value);
          }}
        />
        <SelectField
          label={t('betting.status')}
          value={status}
          testId="betting-status"
          options={roundStatusFilters.map((value) => ({ value, label: t(`betting.statuses.${value}`) }))}
          onValueChange={(value) => {
            if (isStatusFilter(value)) setStatus(value);
          }}
        />
      </RecordSearchForm>
      <RecordResults query={records}>
        {(data) => (
          <>
            <dl className="wallet-summary" data-testid="betting-summary">
              {(
                [
                  ['betAmount', 'betting.total_bet'],
                  ['validBet', 'betting.total_valid_bet'],
                  ['winAmount', 'betting.total_win'],
                  ['profit', 'betting.total_profit'],
                ] as const
              ).map(([field, label]) => (
                <div key={field} className="wallet-summary__item">
                  <dt>{t(label)}</dt>
                  <dd>
                    <Money
                      amount={data.summary[field]}
                      signed={field === 'profit'}
                      testId={`betting-summary-${field}`}
                    />
                  </dd>
                </div>
              ))}
            </dl>
            <PagedRecords
              isEmpty={data.list.length === 0}
              emptyMessage={t('betting.empty')}
              page={page}
              totalPages={data.totalPages}
              onPageChange={setPage}
              testId="betting-pagination"
            >
              <RoundsTable rounds={data.list} onOpen={setOpenRound} />
            </PagedRecords>
          </>
        )}
      </RecordResults>
      {openRound !== null && (
        <RoundDetail
          round={openRound}
          onClose={() => {
            setOpenRound(null);
          }}
        />
      )}
    </div>
  );
}
