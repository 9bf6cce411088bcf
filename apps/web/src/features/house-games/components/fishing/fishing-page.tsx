import type { FishingRoom, FishingSession } from '@wps/contracts/fishing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../../components/money';
import { translateApiError } from '../../../../lib/translate-message';
import { useBalance } from '../../../wallet/api/get-balance';
import { useCloseFishingSession, useFishingRooms, useOpenFishingSession } from '../../api/fishing-queries';
import { SoundToggle } from '../../sound/sound-toggle';
import { decimalsOf, fromUnits, toUnits } from './fishing-amounts';
import { FishingTable } from './fishing-table';
import './fishing-page.css';

/** A room's bullets cost stake × power: from the smallest stake at power 1 to the largest at the top power. */
const bulletRange = (room: FishingRoom, powers: readonly number[]): [string, string] => {
  const smallest = room.stakes[0] ?? '0';
  const largest = room.stakes.at(-1) ?? smallest;
  const decimals = decimalsOf(largest);
  const top = BigInt(Math.max(1, ...powers));
  return [smallest, fromUnits(toUnits(largest, decimals) * top, decimals)];
};

/**
 * The fishing game (route /house/fishing): the rooms by stake size; entering one opens a session (a round of
 * the betting record), leaving closes it and shows what it staked and won.
 */
export function FishingPage() {
  const { t } = useTranslation();
  const rooms = useFishingRooms();
  const balance = useBalance();
  const open = useOpenFishingSession();
  const close = useCloseFishingSession();
  const [session, setSession] = useState<FishingSession | null>(null);
  const [summary, setSummary] = useState<FishingSession | null>(null);
  const symbol = balance.data?.currencySymbol ?? rooms.data?.currency ?? '';
  const room = rooms.data?.rooms.find((candidate) => candidate.code === session?.room);
  const error = open.error ?? close.error;

  const enter = (code: FishingRoom['code']) => {
    setSummary(null);
    open.mutate(
      { room: code },
      {
        onSuccess: (opened) => {
          setSession(opened);
        },
      },
    );
  };

  const leave = () => {
    if (!session) return;
    close.mutate(session.sessionId, {
      onSuccess: (closed) => {
        setSummary(closed);
        setSession(null);
      },
    });
  };

  return (
    <article className="page page--game fishing-page" data-testid="fishing-page">
      <header className="fishing-page__header">
        <h1>{t('house_fishing.title')}</h1>
        <SoundToggle />
        {rooms.data && (
          <p className="muted">
            {t('house_fishing.rtp', { rtp: ((rooms.data.rooms[0]?.rtpBasisPoints ?? 0) / 100).toFixed(2) })}
          </p>
        )}
      </header>

      {session && room && rooms.data ? (
        <FishingTable
          session={session}
          room={room}
          powers={rooms.data.powers}
          currencySymbol={symbol}
          onLeave={leave}
          isLeaving={close.isPending}
        />
      ) : (
        <section aria-labelledby="fishing-rooms-title">
          <h2 id="fishing-rooms-title">{t('house_fishing.rooms_title')}</h2>
          <p>{t('house_fishing.intro')}</p>
          <ul className="fishing-rooms" data-testid="fishing-rooms">
            {rooms.data?.rooms.map((candidate) => {
              const [low, high] = bulletRange(candidate, rooms.data.powers);
              return (
                <li key={candidate.code}>
                  <button
                    type="button"
                    className="fishing-room"
                    disabled={open.isPending}
                    onClick={() => {
                      enter(candidate.code);
                    }}
                    data-testid={`fishing-room-${candidate.code}`}
                  >
                    <strong>{t(`house_fishing.room_${candidate.code}`)}</strong>
                    <span>
                      {t('house_fishing.bullet_cost')} <Money amount={low} symbol={symbol} /> –{' '}
                      <Money amount={high} symbol={symbol} />
                    </span>
                    <span className="muted">
                      {t('house_fishing.fish_count', {
                        kinds: candidate.fish.length,
                        top: Math.max(...candidate.fish.map((kind) => kind.multiplier)),
                      })}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {summary && (
        <section className="fishing-summary" data-testid="fishing-summary" aria-live="polite">
          <h2>{t('house_fishing.summary_title')}</h2>
          <p>
            {t('house_fishing.summary', { shots: summary.shots })}{' '}
            <Money amount={summary.staked} symbol={symbol} testId="fishing-summary-staked" /> /{' '}
            <Money amount={summary.won} symbol={symbol} testId="fishing-summary-won" />
          </p>
          <p>
            {t('house_fishing.balance')}:{' '}
            <Money amount={summary.balance} symbol={symbol} testId="fishing-summary-balance" />
          </p>
        </section>
      )}
      {error && (
        <p role="alert" className="fishing-error">
          {translateApiError(t, error)}
        </p>
      )}
      {rooms.data && <p className="muted fishing-formula">{rooms.data.formula}</p>}
    </article>
  );
}
