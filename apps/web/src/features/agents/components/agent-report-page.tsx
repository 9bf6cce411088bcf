import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/captioned-table';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/form-field';
import { Money } from '../../../components/money';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { localIsoDate } from '../../../lib/date-range';
import { formatLocalDateTime } from '../../../lib/format-date';
import {
  type MembersReportFilter,
  type TeamMembersReport,
  reportPageSize,
  useTeamMembersReport,
  useTeamTransactions,
} from '../api/get-agent-reports';
import { DayRangeFilter } from './day-range-filter';
import { PayRecords } from './pay-records';

type ReportPage =
  | 'personalHistoryCopy'
  | 'palStatementsAgentCopy'
  | 'agentRevenueReport'
  | 'agentDownlineTransactionDetailsCopy';

const today = (): MembersReportFilter => {
  const day = localIsoDate(new Date());
  return { startDate: day, endDate: day, username: '' };
};

const pagesOf = (total: number): number => Math.max(1, Math.ceil(total / reportPageSize));

type Figures = TeamMembersReport['totals'];
type ColumnKey =
  'bet_count' | 'bet_amount' | 'valid_bet' | 'payout' | 'profit_loss' | 'bonus' | 'deposits' | 'withdrawals';
type Column = { key: ColumnKey; cell: (figures: Figures) => ReactNode };

/** Team betting shows the bets; user profit and loss shows what the members won or lost and their money. */
const columnsOf = (page: 'personalHistoryCopy' | 'palStatementsAgentCopy'): Column[] =>
  page === 'personalHistoryCopy'
    ? [
        { key: 'bet_count', cell: (figures) => figures.betCount },
        { key: 'bet_amount', cell: (figures) => <Money amount={figures.betAmount} /> },
        { key: 'valid_bet', cell: (figures) => <Money amount={figures.validBet} /> },
        { key: 'payout', cell: (figures) => <Money amount={figures.payout} /> },
      ]
    : [
        { key: 'valid_bet', cell: (figures) => <Money amount={figures.validBet} /> },
        { key: 'payout', cell: (figures) => <Money amount={figures.payout} /> },
        { key: 'profit_loss', cell: (figures) => <Money amount={figures.profitLoss} signed /> },
        { key: 'bonus', cell: (figures) => <Money amount={figures.bonusAmount} /> },
        { key: 'deposits', cell: (figures) => <Money amount={figures.depositAmount} /> },
        { key: 'withdrawals', cell: (figures) => <Money amount={figures.withdrawalAmount} /> },
      ];

function MembersReport({ page }: { page: 'personalHistoryCopy' | 'palStatementsAgentCopy' }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<MembersReportFilter>(today);
  const [username, setUsername] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const report = useTeamMembersReport(filter, pageNo);
  const columns = columnsOf(page);
  const data = report.data;
  return (
    <div className="agent-section" data-testid={`report-${page}`}>
      <DayRangeFilter
        initial={filter}
        testId="report-range"
        onSearch={(range) => {
          setFilter({ ...range, username: username.trim() });
          setPageNo(1);
        }}
      >
        <TextField
          label={t('agents.reports.username')}
          value={username}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          onValueChange={setUsername}
          testId="report-username"
        />
      </DayRangeFilter>
      {data === undefined ? (
        <QueryState error={report.error} onRetry={() => void report.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState message={t('agents.reports.empty')} />
      ) : (
        <>
          <CaptionedTable
            caption={t(`pages.agent_home.sections.${page}`)}
            testId="report-table"
            isCaptionHidden
          >
            <thead>
              <tr>
                <th scope="col">{t('agents.downlines.account')}</th>
                <th scope="col">{t('agents.downlines.level')}</th>
                {columns.map((column) => (
                  <th key={column.key} scope="col">
                    {t(`agents.reports.columns.${column.key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => (
                <tr key={row.account} data-testid="report-row">
                  <th scope="row" dir="auto">
                    {row.account}
                  </th>
                  <td>{row.level}</td>
                  {columns.map((column) => (
                    <td key={column.key}>{column.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="report-totals">
                <th scope="row" colSpan={2}>
                  {t('agents.reports.totals')}
                </th>
                {columns.map((column) => (
                  <td key={column.key}>{column.cell(data.totals)}</td>
                ))}
              </tr>
            </tfoot>
          </CaptionedTable>
          <Pagination
            page={pageNo}
            totalPages={pagesOf(data.total)}
            onPageChange={setPageNo}
            testId="report-pages"
          />
        </>
      )}
    </div>
  );
}

/** agentDownlineTransactionDetailsCopy: one downline member's account entries in the days. */
function AccountDetails() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<MembersReportFilter>(today);
  const [username, setUsername] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const transactions = useTeamTransactions(filter, pageNo);
  const data = transactions.data;
  return (
    <div className="agent-section" data-testid="report-account-details">
      <DayRangeFilter
        initial={filter}
        testId="details-range"
        onSearch={(range) => {
          setFilter({ ...range, username: username.trim() });
          setPageNo(1);
        }}
      >
        <TextField
          label={t('agents.reports.username')}
          value={username}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          onValueChange={setUsername}
          testId="details-username"
        />
      </DayRangeFilter>
      {filter.username === '' ? (
        <EmptyState message={t('agents.reports.name_member')} />
      ) : data === undefined ? (
        <QueryState error={transactions.error} onRetry={() => void transactions.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState message={t('agents.reports.empty')} />
      ) : (
        <>
          <CaptionedTable
            caption={t('pages.agent_home.sections.agentDownlineTransactionDetailsCopy')}
            testId="details-table"
            isCaptionHidden
          >
            <thead>
              <tr>
                <th scope="col">{t('agents.reports.columns.time')}</th>
                <th scope="col">{t('agents.reports.columns.type')}</th>
                <th scope="col">{t('agents.reports.columns.amount')}</th>
                <th scope="col">{t('agents.reports.columns.balance_after')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((entry) => (
                <tr key={entry.entryId} data-testid="details-row">
                  <td>{formatLocalDateTime(entry.createdAt)}</td>
                  <td dir="auto">{entry.recordType}</td>
                  <td>
                    <Money amount={entry.amount} signed />
                  </td>
                  <td>
                    <Money amount={entry.balanceAfter} />
                  </td>
                </tr>
              ))}
            </tbody>
          </CaptionedTable>
          <Pagination
            page={pageNo}
            totalPages={pagesOf(data.total)}
            onPageChange={setPageNo}
            testId="details-pages"
          />
        </>
      )}
    </div>
  );
}

/** The agent's reports: team betting, user profit and loss, my income (contract pay), account details. */
export function AgentReportPage({ page }: { page: ReportPage }) {
  const { t } = useTranslation();
  switch (page) {
    case 'personalHistoryCopy':
    case 'palStatementsAgentCopy':
      return <MembersReport page={page} />;
    case 'agentRevenueReport':
      return <PayRecords filter={{ role: 'DOWNLINE' }} title={t('agents.pay.my_income')} />;
    case 'agentDownlineTransactionDetailsCopy':
      return <AccountDetails />;
  }
}
