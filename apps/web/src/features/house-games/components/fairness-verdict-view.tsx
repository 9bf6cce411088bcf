import { useTranslation } from 'react-i18next';
import {
  compareResults,
  overallVerdict,
  type FieldLabel,
  type RowVerdict,
  type VerdictRow,
} from './fairness-verdict';

const rowMarks: Readonly<Record<RowVerdict, string>> = { match: '✓', mismatch: '✗', not_recorded: '' };

/**
 * The verdict of a verification, readable at a glance: match or mismatch in words, then each recomputed
 * value beside the recorded one.
 */
export function FairnessVerdictView({
  game,
  result,
  recorded,
  hashMatches,
}: {
  game: string;
  result: Record<string, unknown>;
  recorded: Record<string, unknown> | null;
  hashMatches: boolean | null;
}) {
  const { t } = useTranslation();
  const rows = compareResults(game, result, recorded);
  const verdict = overallVerdict(rows, hashMatches);
  const labelOf = (label: FieldLabel): string =>
    label.kind === 'known'
      ? t(`fairness.field.${label.key}`)
      : label.kind === 'station'
        ? t('fairness.field_station', { station: label.station })
        : label.name;
  const valueOf = (row: VerdictRow, value: string | null): string => {
    if (value === null) return '—';
    if (row.isBoolean) return value === 'true' ? t('fairness.yes') : t('fairness.no');
    return value === '' ? t('fairness.none') : value;
  };
  return (
    <div className="fairness-verdict-block">
      <p
        role="status"
        className={`fairness-verdict fairness-verdict--${verdict}`}
        data-testid="fairness-verdict"
        data-verdict={verdict}
      >
        <span aria-hidden="true" className="fairness-verdict__mark">
          {verdict === 'match' || verdict === 'hash_only' ? '✓' : verdict === 'mismatch' ? '✗' : 'ℹ'}
        </span>{' '}
        {t(`fairness.verdict.${verdict}`)}
      </p>
      {rows.length > 0 && (
        <div className="fairness-compare__scroll">
          <table className="fairness-compare" data-testid="fairness-compare">
            <thead>
              <tr>
                <th scope="col">{t('fairness.compare.field')}</th>
                <th scope="col">{t('fairness.compare.recomputed')}</th>
                <th scope="col">{t('fairness.compare.recorded')}</th>
                <th scope="col">{t('fairness.compare.check')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.key}
                  className={`fairness-compare__row--${row.verdict}`}
                  data-testid={`fairness-row-${row.key}`}
                  data-verdict={row.verdict}
                >
                  <th scope="row">{labelOf(row.label)}</th>
                  <td dir="ltr">{valueOf(row, row.recomputed)}</td>
                  <td dir="ltr">{valueOf(row, row.recorded)}</td>
                  <td>
                    <span aria-hidden="true">{rowMarks[row.verdict]}</span> {t(`fairness.row.${row.verdict}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
