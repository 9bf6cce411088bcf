import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Sport } from '../../src/domain';
import { fetchOutrights, type OutrightView } from './api';
import { OddsButton } from './odds-button';
import { QueryState } from './query-state';

// Outright prices move with the season's results and scores (the stream carries fixtures only): read again.
const outrightsRefreshMilliseconds = 10_000;

/** "Aldmoor Premier League · Season 2": what an outright bet is on, on its page, the slip and in my bets. */
const outrightEventName = (outright: Pick<OutrightView, 'league' | 'season'>, t: TFunction): string =>
  t('outrights.event', { league: outright.league.name, season: outright.season });

const StatusLine = ({ outright }: { outright: OutrightView }) => {
  const { t } = useTranslation();
  const winner = outright.competitors.find(({ id }) => id === outright.winner)?.name;
  const text =
    outright.status === 'open'
      ? t('outrights.fixtures_left', { count: outright.fixturesLeft, total: outright.fixtureCount })
      : outright.status === 'closed'
        ? t('outrights.closed', { count: outright.fixturesLeft })
        : winner === undefined
          ? t('outrights.void')
          : t('outrights.winner', { name: winner });
  return (
    <p className="outright__status" data-testid={`outright-status-${outright.id}`}>
      <span className={`badge badge--${outright.status}`}>{t(`outrights.status_${outright.status}`)}</span>{' '}
      {text}
    </p>
  );
};

const Standings = ({ outright }: { outright: OutrightView }) => {
  const { t } = useTranslation();
  const hasDraws = outright.sport === 'football';
  return (
    <table className="standings" data-testid={`standings-${outright.id}`}>
      <caption>{t('outrights.table')}</caption>
      <thead>
        <tr>
          <th scope="col">
            <abbr title={t('outrights.position_full')}>{t('outrights.position')}</abbr>
          </th>
          <th scope="col" className="standings__name">
            {t('outrights.competitor')}
          </th>
          <th scope="col">
            <abbr title={t('outrights.played_full')}>{t('outrights.played')}</abbr>
          </th>
          <th scope="col">
            <abbr title={t('outrights.won_full')}>{t('outrights.won')}</abbr>
          </th>
          {hasDraws && (
            <th scope="col">
              <abbr title={t('outrights.drawn_full')}>{t('outrights.drawn')}</abbr>
            </th>
          )}
          <th scope="col">
            <abbr title={t('outrights.lost_full')}>{t('outrights.lost')}</abbr>
          </th>
          <th scope="col">
            <abbr title={t('outrights.difference_full')}>{t('outrights.difference')}</abbr>
          </th>
          <th scope="col">
            <abbr title={t('outrights.points_full')}>{t('outrights.points')}</abbr>
          </th>
        </tr>
      </thead>
      <tbody>
        {outright.standings.map((line, index) => {
          const difference = line.scored - line.conceded;
          return (
            <tr key={line.competitorId} data-testid={`standing-${outright.id}-${line.competitorId}`}>
              <td>{index + 1}</td>
              <th scope="row" className="standings__name">
                {line.name}
              </th>
              <td>{line.played}</td>
              <td>{line.won}</td>
              {hasDraws && <td>{line.drawn}</td>}
              <td>{line.lost}</td>
              <td>
                <bdi>{difference > 0 ? `+${String(difference)}` : String(difference)}</bdi>
              </td>
              <td className="standings__points">{line.points}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
};

const OutrightSeason = ({ outright }: { outright: OutrightView }) => {
  const { t } = useTranslation();
  const event = outrightEventName(outright, t);
  const names = new Map(outright.competitors.map(({ id, name }) => [id, name]));
  const { market } = outright;
  // The favourite first.
  const prices = [...(market?.selections ?? [])].sort((a, b) => a.odds - b.odds);
  const titleId = `outright-title-${outright.id}`;
  return (
    <article className="outright" data-testid={`outright-${outright.id}`} aria-labelledby={titleId}>
      <header className="outright__header">
        <h2 id={titleId}>{event}</h2>
        <StatusLine outright={outright} />
      </header>
      {market && prices.length > 0 && (
        <section className="market-group" aria-label={t('outrights.prices')}>
          <h3>{t('outrights.prices')}</h3>
          <p className="hint">{t('outrights.single_only')}</p>
          <div className="market__prices outright__prices" data-kind="outright">
            {prices.map((selection) => (
              <OddsButton
                key={selection.key}
                fixture={{ id: outright.id, home: outright.league.name, away: '' }}
                market={market}
                selection={selection}
                outright={{ competitor: names.get(selection.key) ?? selection.key, event }}
              />
            ))}
          </div>
        </section>
      )}
      <Standings outright={outright} />
    </article>
  );
};

/** A league's outrights: each season's winner prices (singles only) and its table. */
export const OutrightsPage = ({
  sport,
  league,
  onBack,
}: {
  sport: Sport;
  league: string;
  onBack: () => void;
}) => {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['outrights', sport, league],
    queryFn: () => fetchOutrights({ sport, league }),
    refetchInterval: outrightsRefreshMilliseconds,
  });
  return (
    <section className="outrights-page" aria-label={t('outrights.title')}>
      <button type="button" className="back" onClick={onBack}>
        <span className="back__arrow" aria-hidden="true">
          ‹
        </span>{' '}
        {t('fixtures.back')}
      </button>
      <QueryState query={query}>
        {(outrights) =>
          outrights.length === 0 ? (
            <p className="empty">{t('outrights.none')}</p>
          ) : (
            outrights.map((outright) => <OutrightSeason key={outright.id} outright={outright} />)
          )
        }
      </QueryState>
    </section>
  );
};
