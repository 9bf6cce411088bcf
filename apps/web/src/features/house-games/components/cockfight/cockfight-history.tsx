import { useTranslation } from 'react-i18next';
import { Money } from '../../../../components/money';
import type { ArenaState, FightBet } from '../../api/cockfight-queries';

/** The latest results, newest first, as a strip of M / W / D / C marks with their fight numbers. */
export function ResultsHistory({ history }: { history: ArenaState['history'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cockfight-history-title">
      <h2 id="cockfight-history-title">{t('house_cockfight.history')}</h2>
      {history.length === 0 ? (
        <p className="muted">{t('house_cockfight.no_results')}</p>
      ) : (
        <ol className="cockfight-history" data-testid="cockfight-history">
          {history.map((entry) => (
            <li
              key={entry.fightId}
              className={`cockfight-mark cockfight-mark--${entry.result}`}
              title={`${t('house_cockfight.fight_number', { number: entry.number })}: ${t(`house_cockfight.result.${entry.result}`)}`}
              data-testid="cockfight-history-item"
              data-result={entry.result}
            >
              <span className="cockfight-mark__letter">{t(`house_cockfight.mark.${entry.result}`)}</span>
              <span className="cockfight-mark__number">{entry.number}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The member's bets with their outcome and what each returned. */
export function MyFightBets({ bets }: { bets: readonly FightBet[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cockfight-my-bets-title">
      <h2 id="cockfight-my-bets-title">{t('house_cockfight.my_bets')}</h2>
      {bets.length === 0 ? (
        <p className="muted">{t('house_cockfight.no_bets')}</p>
      ) : (
        <table className="cockfight-table" data-testid="cockfight-my-bets">
          <thead>
            <tr>
              <th scope="col">{t('house_cockfight.fight')}</th>
              <th scope="col">{t('house_cockfight.side')}</th>
              <th scope="col">{t('house_cockfight.stake')}</th>
              <th scope="col">{t('house_cockfight.status_label')}</th>
              <th scope="col">{t('house_cockfight.returned')}</th>
            </tr>
          </thead>
          <tbody>
            {bets.map((bet) => (
              <tr key={bet.betId} data-status={bet.status} data-testid="cockfight-my-bet">
                <td>#{bet.fightNumber}</td>
                <td>{t(`house_cockfight.${bet.side}`)}</td>
                <td>
                  <Money amount={bet.amount} symbol={bet.currency} />
                </td>
                <td>{t(`house_cockfight.status.${bet.status}`)}</td>
                <td>{bet.returned === null ? '—' : <Money amount={bet.returned} symbol={bet.currency} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
