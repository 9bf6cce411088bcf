import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, isRangeReversed, recentDays } from '../lib/date-range';
import { DateRangeFields } from './date-range-fields';

/** A record page opens on the last seven days. */
const defaultDays = 7;

/** The searched dates (yyyy-MM-dd) and the time zone their days are counted in. */
export type SearchedRange = { from: string; to: string; timeZone: string };

/**
 * A record page's search: the dates being edited, the filter last searched (built by `toFilter` from the
 * dates and the page's own fields) and its page, back to 1 on each search. Dates the wrong way round are
 * refused with a message beside them.
 */
export const useRecordSearch = <Filter extends { timeZone: string }>(
  toFilter: (range: SearchedRange) => Filter,
) => {
  const [range, setRange] = useState(() => recentDays(defaultDays));
  const [isRangeWrong, setRangeWrong] = useState(false);
  const [filter, setFilter] = useState<Filter>(() =>
    toFilter({ ...recentDays(defaultDays), timeZone: browserTimeZone() }),
  );
  const [page, setPage] = useState(1);

  const search = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRangeReversed(range.from, range.to)) {
      setRangeWrong(true);
      return;
    }
    setFilter(toFilter({ ...range, timeZone: browserTimeZone() }));
    setPage(1);
  };
  const editRange = (end: 'from' | 'to') => (value: string) => {
    setRange((current) => ({ ...current, [end]: value }));
    setRangeWrong(false);
  };

  return {
    filter,
    page,
    setPage,
    form: { range, isRangeWrong, search, editRange, timeZone: filter.timeZone },
  };
};

type RecordSearchFormProps = {
  search: ReturnType<typeof useRecordSearch>['form'];
  searchLabel: string;
  /** Prefix of the dates' and the search button's test ids. */
  testId: string;
  /** The page's own filters, before the dates. */
  children?: ReactNode;
  /** Buttons after the search button (export). */
  actions?: ReactNode;
};

/** A record page's search form, and the time zone its days are counted in. */
export function RecordSearchForm({ search, searchLabel, testId, children, actions }: RecordSearchFormProps) {
  const { t } = useTranslation();
  const { range, isRangeWrong, editRange } = search;
  return (
    <>
      <form className="wallet-filters" role="search" noValidate onSubmit={search.search}>
        {children}
        <DateRangeFields
          from={range.from}
          to={range.to}
          onFromChange={editRange('from')}
          onToChange={editRange('to')}
          error={isRangeWrong ? t('wallet.validation.range_reversed') : null}
          testId={testId}
        />
        <div className="wallet-filters__actions">
          <button type="submit" className="button button--primary" data-testid={`${testId}-search`}>
            {searchLabel}
          </button>
          {actions}
        </div>
      </form>
      <p className="muted wallet-note">{t('wallet.records.time_zone', { timeZone: search.timeZone })}</p>
    </>
  );
}
