import { readChoice, rememberChoice } from './storage';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { esports, oddsFormats, sports, type OddsFormat, type Sport } from '../../src/domain';
import {
  fetchMenu,
  fetchSession,
  openStream,
  readLaunchError,
  readSession,
  type FixtureFilter,
  type FixtureView,
  type MenuView,
  type SessionView,
} from './api';
import { FixtureList, FixturePage } from './fixtures';
import { chooseLanguage, languages, readPreferredLanguage, type Language } from './i18n';
import { MyBets } from './my-bets';
import { OutrightsPage } from './outrights';
import { QueryState } from './query-state';
import { BetSlip } from './slip';
import { OddsFormatContext, SlipContext, updateSlip } from './slip-state';

const oddsFormatKey = 'sportsbook.oddsFormat';

const readOddsFormat = (): OddsFormat => {
  const stored = readChoice(oddsFormatKey);
  return oddsFormats.find((format) => format === stored) ?? 'decimal';
};

const belongsTo = (fixture: FixtureView, filter: FixtureFilter): boolean =>
  fixture.sport === filter.sport &&
  (filter.league === null || fixture.league.id === filter.league) &&
  (filter.status === 'live' ? fixture.status === 'live' : fixture.status === 'scheduled');

/**
 * Keeps the cached lists and the open fixture as the stream says: a fixture is replaced where it is listed;
 * a list it joins or leaves (kick-off, full time) is read again, and the menu's counts with it.
 */
const useLiveStream = (openFixtureId: string | null): void => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      openStream(openFixtureId, {
        onFixture: (fixture) => {
          for (const [queryKey, list] of queryClient.getQueriesData<FixtureView[]>({
            queryKey: ['fixtures'],
          })) {
            if (!list) continue;
            const filter = queryKey[1] as FixtureFilter;
            const isListed = list.some((listed) => listed.id === fixture.id);
            if (isListed && belongsTo(fixture, filter)) {
              queryClient.setQueryData(
                queryKey,
                list.map((listed) => (listed.id === fixture.id ? fixture : listed)),
              );
            } else if (isListed || belongsTo(fixture, filter)) {
              void queryClient.invalidateQueries({ queryKey, exact: true });
              void queryClient.invalidateQueries({ queryKey: ['menu'] });
            }
          }
          queryClient.setQueryData<FixtureView>(['fixture', fixture.id], (open) => {
            if (!open) return open;
            const merged = open.markets.map(
              (market) => fixture.markets.find((main) => main.id === market.id) ?? market,
            );
            return { ...fixture, markets: merged };
          });
        },
        onMarkets: (fixtureId, markets) => {
          queryClient.setQueryData<FixtureView>(
            ['fixture', fixtureId],
            (open) => open && { ...open, markets },
          );
        },
        onBets: () => {
          void queryClient.invalidateQueries({ queryKey: ['bets'] });
          void queryClient.invalidateQueries({ queryKey: ['session'] });
        },
        onReconnect: () => {
          void queryClient.invalidateQueries();
        },
      }),
    [openFixtureId, queryClient],
  );
};

const TopBar = ({
  session,
  oddsFormat,
  onOddsFormat,
}: {
  session: SessionView;
  oddsFormat: OddsFormat;
  onOddsFormat: (format: OddsFormat) => void;
}) => {
  const { t, i18n } = useTranslation();
  return (
    <header className="top-bar">
      <h1 className="top-bar__title">{t('app.title')}</h1>
      <p className="balance">
        <span className="balance__label">
          {t('app.balance')}
          {session.isDemo && <span className="badge">{t('app.demo')}</span>}
        </span>
        <bdi data-testid="balance">
          {session.balance} {session.currency}
        </bdi>
      </p>
      <label className="field field--inline">
        <span>{t('settings.odds_format')}</span>
        <select
          data-testid="odds-format"
          value={oddsFormat}
          onChange={(event) => {
            const format = oddsFormats.find((known) => known === event.target.value);
            if (format) onOddsFormat(format);
          }}
        >
          {oddsFormats.map((format) => (
            <option key={format} value={format}>
              {t(`odds_format.${format}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="segmented segmented--small" role="group" aria-label={t('settings.language')}>
        {(Object.keys(languages) as Language[]).map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            data-testid={`language-${language}`}
            aria-pressed={i18n.language === language}
            onClick={() => {
              chooseLanguage(language, true);
            }}
          >
            {t(`language.${language}`)}
          </button>
        ))}
      </div>
    </header>
  );
};

const SportMenu = ({
  menu,
  sport,
  league,
  outrightLeague,
  onChoose,
  onOutrights,
}: {
  menu: MenuView;
  sport: Sport;
  league: string | null;
  /** The league whose outrights are open, if any. */
  outrightLeague: string | null;
  onChoose: (sport: Sport, league: string | null) => void;
  onOutrights: (league: string) => void;
}) => {
  const { t } = useTranslation();
  const entries = sports.map(
    (name) =>
      menu.sports.find((entry) => entry.sport === name) ?? {
        sport: name,
        live: 0,
        upcoming: 0,
        leagues: [],
        outrights: [],
      },
  );
  const chosen = entries.find((entry) => entry.sport === sport);
  const leagues = chosen?.leagues ?? [];
  // The leagues with an outright listed (any season), each once.
  const outrightLeagues = [
    ...new Map((chosen?.outrights ?? []).map((outright) => [outright.league.id, outright.league])).values(),
  ];
  return (
    <nav className="sport-menu" aria-label={t('menu.title')}>
      <ul className="sport-menu__sports">
        {entries.map((entry) => (
          <li key={entry.sport}>
            <button
              type="button"
              data-testid={`sport-${entry.sport}`}
              aria-pressed={entry.sport === sport}
              onClick={() => {
                onChoose(entry.sport, null);
              }}
            >
              <span className="sport-menu__name">{t(`sport.${entry.sport}`)}</span>
              <span className="sport-menu__counts">
                {t('menu.counts', { live: entry.live, upcoming: entry.upcoming })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {leagues.length > 0 && (
        <ul className="sport-menu__leagues" aria-label={t('menu.leagues')}>
          <li>
            <button
              type="button"
              aria-pressed={league === null}
              onClick={() => {
                onChoose(sport, null);
              }}
            >
              {t('menu.all_leagues')}
            </button>
          </li>
          {leagues.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                data-testid={`league-${entry.id}`}
                aria-pressed={league === entry.id}
                onClick={() => {
                  onChoose(sport, entry.id);
                }}
              >
                {entry.name} <span className="sport-menu__counts">{entry.fixtures}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {outrightLeagues.length > 0 && (
        <ul className="sport-menu__leagues sport-menu__outrights" aria-label={t('menu.outrights')}>
          {outrightLeagues.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                data-testid={`outrights-${entry.id}`}
                aria-pressed={outrightLeague === entry.id}
                onClick={() => {
                  onOutrights(entry.id);
                }}
              >
                {t('menu.outrights')} <span className="sport-menu__counts">{entry.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
};

/** The e-sports tile opens on the first e-sport with something to bet on; the sports tile on football. */
const sportToStartOn = (session: SessionView, menu: MenuView | undefined): Sport => {
  if (session.focus !== 'esports') return 'football';
  const withFixtures = esports.find((sport) =>
    menu?.sports.some((entry) => entry.sport === sport && entry.live + entry.upcoming > 0),
  );
  return withFixtures ?? 'cs2';
};

type Tab = 'live' | 'upcoming' | 'bets';

/** Live when the sport has something in play (or before the menu says), else what comes next. */
const tabToStartOn = (sport: Sport, menu: MenuView | undefined): Tab => {
  const entry = menu?.sports.find((candidate) => candidate.sport === sport);
  return menu && (entry?.live ?? 0) === 0 ? 'upcoming' : 'live';
};

/** The mobile bet slip sheet: open from the bottom bar, closed by its button or Escape. */
const useSheet = (): [boolean, (isOpen: boolean) => void] => {
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    if (!isOpen) return undefined;
    const closeOnEscape = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [isOpen]);
  return [isOpen, setIsOpen];
};

const Sportsbook = ({ session }: { session: SessionView }) => {
  const { t } = useTranslation();
  const menuQuery = useQuery({ queryKey: ['menu'], queryFn: fetchMenu });
  const [legs, dispatch] = useReducer(updateSlip, []);
  const [oddsFormat, setOddsFormat] = useState(readOddsFormat);
  const [chosenSport, setChosenSport] = useState<Sport | null>(null);
  const [league, setLeague] = useState<string | null>(null);
  const [chosenTab, setChosenTab] = useState<Tab | null>(null);
  const [openFixtureId, setOpenFixtureId] = useState<string | null>(null);
  const [outrightLeague, setOutrightLeague] = useState<string | null>(null);
  const [isSheetOpen, setIsSheetOpen] = useSheet();
  const sheetRef = useRef<HTMLElement>(null);
  const slipToggleRef = useRef<HTMLButtonElement>(null);
  const sport = chosenSport ?? sportToStartOn(session, menuQuery.data);
  const tab = chosenTab ?? tabToStartOn(sport, menuQuery.data);
  useLiveStream(openFixtureId);

  useEffect(() => {
    const sheet = sheetRef.current;
    if (isSheetOpen) sheet?.focus();
    // Focus left inside a closed (hidden) sheet would be lost: it goes back to the button that opened it.
    else if (sheet?.contains(document.activeElement)) slipToggleRef.current?.focus();
  }, [isSheetOpen]);

  const chooseTab = (next: Tab): void => {
    setChosenTab(next);
    setOpenFixtureId(null);
    setOutrightLeague(null);
  };

  return (
    <OddsFormatContext value={oddsFormat}>
      <SlipContext value={{ legs, dispatch }}>
        <div className="layout">
          <TopBar
            session={session}
            oddsFormat={oddsFormat}
            onOddsFormat={(format) => {
              rememberChoice(oddsFormatKey, format);
              setOddsFormat(format);
            }}
          />
          <aside className="layout__menu">
            <QueryState query={menuQuery}>
              {(menu) => (
                <SportMenu
                  menu={menu}
                  sport={sport}
                  league={league}
                  outrightLeague={outrightLeague}
                  onChoose={(nextSport, nextLeague) => {
                    setChosenSport(nextSport);
                    setLeague(nextLeague);
                    setOpenFixtureId(null);
                    setOutrightLeague(null);
                    if (tab === 'bets') setChosenTab(null);
                  }}
                  onOutrights={(nextLeague) => {
                    setOutrightLeague(nextLeague);
                    setOpenFixtureId(null);
                    if (tab === 'bets') setChosenTab(null);
                  }}
                />
              )}
            </QueryState>
          </aside>
          <main className="layout__main">
            <div className="segmented tabs" role="group" aria-label={t('tabs.label')}>
              {(['live', 'upcoming', 'bets'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  data-testid={`tab-${option}`}
                  aria-pressed={tab === option}
                  onClick={() => {
                    chooseTab(option);
                  }}
                >
                  {t(option === 'bets' ? 'tabs.my_bets' : `tabs.${option}`)}
                </button>
              ))}
            </div>
            {tab === 'bets' ? (
              <MyBets />
            ) : outrightLeague ? (
              <OutrightsPage
                sport={sport}
                league={outrightLeague}
                onBack={() => {
                  setOutrightLeague(null);
                }}
              />
            ) : openFixtureId ? (
              <FixturePage
                fixtureId={openFixtureId}
                onBack={() => {
                  setOpenFixtureId(null);
                }}
              />
            ) : (
              <FixtureList filter={{ sport, league, status: tab }} onOpen={setOpenFixtureId} />
            )}
          </main>
          <aside
            className={isSheetOpen ? 'layout__slip layout__slip--open' : 'layout__slip'}
            aria-labelledby="slip-title"
            ref={sheetRef}
            tabIndex={-1}
          >
            <div className="slip-header">
              <h2 id="slip-title">
                {t('slip.title')} <span className="count">{legs.length}</span>
              </h2>
              <button
                type="button"
                className="icon-button slip-header__close"
                aria-label={t('slip.close')}
                onClick={() => {
                  setIsSheetOpen(false);
                }}
              >
                ×
              </button>
            </div>
            <BetSlip session={session} />
          </aside>
          <button
            type="button"
            className="slip-bar"
            data-testid="slip-toggle"
            ref={slipToggleRef}
            aria-expanded={isSheetOpen}
            onClick={() => {
              setIsSheetOpen(!isSheetOpen);
            }}
          >
            {t('slip.open', { count: legs.length })}
          </button>
        </div>
      </SlipContext>
    </OddsFormatContext>
  );
};

const LaunchedPage = () => {
  const { t } = useTranslation();
  const hasSession = readSession() !== '';
  const query = useQuery({ queryKey: ['session'], queryFn: fetchSession, enabled: hasSession });
  const language = query.data?.language;
  useEffect(() => {
    if (language !== undefined) chooseLanguage(readPreferredLanguage(language), false);
  }, [language]);
  const title = t('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (!hasSession) {
    const launchError = readLaunchError();
    return (
      <p className="notice notice--error" role="alert">
        {launchError === null
          ? t('app.no_session')
          : t(`launch_error.${launchError}`, { defaultValue: t('app.no_session') })}
      </p>
    );
  }
  return <QueryState query={query}>{(session) => <Sportsbook session={session} />}</QueryState>;
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

export const App = ({ queryClient }: { queryClient: QueryClient }) => (
  <QueryClientProvider client={queryClient}>
    <LaunchedPage />
  </QueryClientProvider>
);
