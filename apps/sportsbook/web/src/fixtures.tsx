import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isEsport, type MarketKind } from '../../src/domain';
import { fetchFixture, fetchFixtures, type FixtureFilter, type FixtureView, type MarketView } from './api';
import { describeMarket, groupMarkets } from './labels';
import { LockIcon, OddsButton } from './odds-button';
import { QueryState } from './query-state';

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** The period and clock of a live fixture, or its kick-off when it has not started. */
export const describeFixtureTime = (fixture: FixtureView, t: TFunction, locale: string): string => {
  if (fixture.status === 'finished' || fixture.status === 'postponed' || fixture.status === 'abandoned') {
    return t(`live.${fixture.status}`);
  }
  const { live } = fixture;
  if (!live) {
    return new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(fixture.kickOffAt));
  }
  if (live.isBreak) return t(fixture.sport === 'football' ? 'live.half_time' : 'live.break');
  const { period, clockSeconds } = live;
  switch (fixture.sport) {
    case 'football':
      return t('live.football', { period, minute: Math.floor(clockSeconds / 60) + 1 });
    case 'basketball':
      return t('live.basketball', {
        period,
        clock: `${twoDigits(Math.floor(clockSeconds / 60))}:${twoDigits(clockSeconds % 60)}`,
      });
    case 'tennis':
      return t('live.tennis', { period });
    default:
      return live.round === undefined
        ? t('live.esports', { period })
        : t('live.esports_round', { period, round: live.round });
  }
};

const mainMarketColumns: ReadonlyArray<readonly MarketKind[]> = [
  ['match_result', 'moneyline'],
  ['asian_handicap'],
  ['total'],
];

const MarketPrices = ({
  fixture,
  market,
  isBrief = false,
}: {
  fixture: FixtureView;
  market: MarketView;
  isBrief?: boolean;
}) => (
  <div className="market__prices" data-kind={market.kind}>
    {market.selections.map((selection) => (
      <OddsButton
        key={selection.key}
        fixture={fixture}
        market={market}
        selection={selection}
        isBrief={isBrief}
      />
    ))}
  </div>
);

// A group's heading names its markets, but not which map or round each is.
const kindsTitledInGroup: readonly MarketKind[] = ['map_winner', 'round_winner'];

const SuspendedNote = ({ market }: { market: MarketView }) => {
  const { t } = useTranslation();
  return market.status === 'suspended' ? (
    <span className="market__suspended">
      <LockIcon /> {t('fixtures.suspended')}
    </span>
  ) : null;
};

const Score = ({ fixture }: { fixture: FixtureView }) => {
  const { t } = useTranslation();
  if (!fixture.live) return null;
  const { score, periods } = fixture.live;
  const current = periods.at(-1);
  return (
    <span className="fixture__score">
      <span className="badge badge--live">{t('live.badge')}</span>
      <bdi>
        {score.home} – {score.away}
      </bdi>
      {fixture.sport !== 'football' && current && (
        <span className="fixture__period-score">
          ({current.home} – {current.away})
        </span>
      )}
    </span>
  );
};

const FixtureRow = ({ fixture, onOpen }: { fixture: FixtureView; onOpen: (id: string) => void }) => {
  const { t, i18n } = useTranslation();
  const columns = mainMarketColumns.map((kinds) =>
    fixture.markets.find((market) => kinds.includes(market.kind) && market.status !== 'closed'),
  );
  return (
    <li className="fixture" data-testid={`fixture-${fixture.id}`}>
      <button
        type="button"
        className="fixture__teams"
        onClick={() => {
          onOpen(fixture.id);
        }}
        aria-label={t('fixtures.open', { home: fixture.home, away: fixture.away })}
      >
        <span className="fixture__league">{fixture.league.name}</span>
        <span className="fixture__team">{fixture.home}</span>
        <span className="fixture__team">{fixture.away}</span>
        <span className="fixture__time">
          <Score fixture={fixture} /> {describeFixtureTime(fixture, t, i18n.language)}
        </span>
      </button>
      <div className="fixture__markets">
        {columns.map((market, column) =>
          market ? (
            <div className="market market--main" key={market.id}>
              <span className="market__title">
                {describeMarket(market, t)} <SuspendedNote market={market} />
              </span>
              <MarketPrices fixture={fixture} market={market} isBrief />
            </div>
          ) : (
            <div className="market market--main market--empty" key={`empty-${String(column)}`} />
          ),
        )}
      </div>
    </li>
  );
};

export const FixtureList = ({ filter, onOpen }: { filter: FixtureFilter; onOpen: (id: string) => void }) => {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['fixtures', filter], queryFn: () => fetchFixtures(filter) });
  return (
    <QueryState query={query}>
      {(fixtures) =>
        fixtures.length === 0 ? (
          <p className="empty">{t('fixtures.none')}</p>
        ) : (
          <ul className="fixture-list">
            {fixtures.map((fixture) => (
              <FixtureRow key={fixture.id} fixture={fixture} onOpen={onOpen} />
            ))}
          </ul>
        )
      }
    </QueryState>
  );
};

export const FixturePage = ({ fixtureId, onBack }: { fixtureId: string; onBack: () => void }) => {
  const { t, i18n } = useTranslation();
  const query = useQuery({ queryKey: ['fixture', fixtureId], queryFn: () => fetchFixture(fixtureId) });
  return (
    <section className="fixture-page" aria-labelledby="fixture-page-title">
      <button type="button" className="back" onClick={onBack}>
        <span className="back__arrow" aria-hidden="true">
          ‹
        </span>{' '}
        {t('fixtures.back')}
      </button>
      <QueryState query={query}>
        {(fixture) => {
          const groups = groupMarkets(fixture.markets.filter((market) => market.status !== 'closed'));
          return (
            <>
              <header className="fixture-page__header">
                <span className="fixture__league">{fixture.league.name}</span>
                <h2 id="fixture-page-title">
                  {t('fixtures.versus', { home: fixture.home, away: fixture.away })}
                </h2>
                <p className="fixture__time">
                  <Score fixture={fixture} /> {describeFixtureTime(fixture, t, i18n.language)}
                  {isEsport(fixture.sport) && fixture.bestOf !== undefined && (
                    <> · {t('fixtures.best_of', { count: fixture.bestOf })}</>
                  )}
                </p>
              </header>
              {groups.length === 0 && <p className="empty">{t('fixtures.no_markets')}</p>}
              {groups.map((group) => (
                <section className="market-group" key={group.key} aria-label={t(`group.${group.key}`)}>
                  <h3>{t(`group.${group.key}`)}</h3>
                  {group.markets.map((market) => (
                    <div className="market" key={market.id}>
                      <span className="market__title">
                        {kindsTitledInGroup.includes(market.kind) && describeMarket(market, t)}{' '}
                        <SuspendedNote market={market} />
                      </span>
                      <MarketPrices fixture={fixture} market={market} />
                    </div>
                  ))}
                </section>
              ))}
            </>
          );
        }}
      </QueryState>
    </section>
  );
};
