import { type ReactNode, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/date-range-fields';
import { isRangeReversed } from '../../../lib/date-range';
import type { DayRange } from '../api/get-team-overview';

type DayRangeFilterProps = {
  initial: DayRange;
  onSearch: (range: DayRange) => void;
  testId: string;
  /** Further fields of the search (a username). */
  children?: ReactNode;
};

/** From and to days and a search button; the range is checked before it is sent. */
export function DayRangeFilter({ initial, onSearch, testId, children }: DayRangeFilterProps) {
  const { t } = useTranslation();
  const [startDate, setStartDate] = useState(initial.startDate);
  const [endDate, setEndDate] = useState(initial.endDate);
  const isReversed = isRangeReversed(startDate, endDate);
  return (
    <form
      className="agent-filters"
      role="search"
      aria-label={t('agents.filters.label')}
      data-testid={testId}
      onSubmit={(event: SyntheticEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (!isReversed) onSearch({ startDate, endDate });
      }}
    >
      <DateRangeFields
        from={startDate}
        to={endDate}
        onFromChange={setStartDate}
        onToChange={setEndDate}
        error={isReversed ? t('wallet.validation.range_reversed') : null}
        testId={testId}
      />
      {children}
      <button type="submit" className="button button--primary" data-testid={`${testId}-submit`}>
        {t('agents.filters.search')}
      </button>
    </form>
  );
}
