import type { Period } from './api';

/** The period's two days (the brand's calendar, both included); empty: the server's default. */
export const PeriodFields = ({
  period,
  onChange,
  testIdPrefix,
}: {
  period: Period;
  onChange: (period: Period) => void;
  testIdPrefix: string;
}) => (
  <>
    <label>
      From
      <input
        type="date"
        value={period.from}
        onChange={(change) => {
          onChange({ ...period, from: change.target.value });
        }}
        data-testid={`${testIdPrefix}-from`}
      />
    </label>
    <label>
      To
      <input
        type="date"
        value={period.to}
        onChange={(change) => {
          onChange({ ...period, to: change.target.value });
        }}
        data-testid={`${testIdPrefix}-to`}
      />
    </label>
  </>
);
