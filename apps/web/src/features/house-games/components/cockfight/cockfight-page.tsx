import { useQueryClient } from '@tanstack/react-query';
import { fairnessPagePath } from '@wps/contracts/house-games-rules';
import { formatMinorUnits, toMinorUnits } from '@wps/contracts/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../../components/money';
import { useBalance } from '../../../wallet/api/get-balance';
import { refreshWalletQueries } from '../../../wallet/api/query-keys';
import {
  type Fight,
  type FightBet,
  cockfightQueryKeys,
  useArenaState,
  useMyFightBets,
} from '../../api/cockfight-queries';
import { SoundToggle } from '../../sound/sound-toggle';
import { useSoundOnChange } from '../../sound/use-sound-on-change';
import { CockfightBetPanel } from './cockfight-bet-panel';
import { MyFightBets, ResultsHistory } from './cockfight-history';
import { FightCard, isTakingBets } from './fight-card';
import './cockfight-page.css';

/** The server's time, ticking every quarter second while `isActive` (a countdown is shown). */
const useServerNow = (clockOffsetMs: number, isActive: boolean): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return undefined;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 250);
    return () => {
      clearInterval(timer);
    };
  }, [isActive]);
  return now + clockOffsetMs;
};

/** What the member's bets on a fight returned, all together (amounts carry their currency's decimals). */
const totalReturned = (bets: readonly FightBet[]): string | null => {
  const settled = bets.filter((bet) => bet.returned !== null);
  if (settled.length === 0) return null;
  const exponent = (settled[0]?.returned?.split('.')[1] ?? '').length;
  const sum = settled.reduce(
    (total, bet) => total + toMinorUnits(bet.returned ?? '0', exponent, { allowZero: true }),
    0n,
  );
  return formatMinorUnits(sum, exponent);
};

/** The member's outcome on a fight that is over. */
function Winnings({ fight, bets }: { fight: Fight; bets: readonly FightBet[] }) {
  const { t } = useTranslation();
  const own = bets.filter((bet) => bet.fightId === fight.fightId);
  const returned = totalReturned(own);
  if (returned === null) return null;
  const key = own.some((bet) => bet.status === 'WON')
    ? 'you_won'
    : own.some((bet) => bet.status === 'RETURNED')
      ? 'you_returned'
      : 'you_lost';
  return (
    <p className="cockfight-winnings" role="status" data-testid="cockfight-winnings" data-outcome={key}>
      {t(`house_cockfight.${key}`)} <Money amount={returned} symbol={fight.currency} />
    </p>
  );
}

/** A simulated fight's commitment, and once it is over the link that checks its result on /fairness. */
function FightFairness({ fight }: { fight: Fight }) {
  const { t } = useTranslation();
  if (fight.fairness === null) {
    return <p className="muted">{t('house_cockfight.operator_note')}</p>;
  }
  const { serverSeed, serverSeedHash, clientSeed, nonce } = fight.fairness;
  const search = new URLSearchParams({
    game: 'cockfight',
    serverSeedHash,
    clientSeed,
    nonce: String(nonce),
    ...(serverSeed === null ? {} : { serverSeed }),
    ...(fight.result === null || fight.result === 'cancelled'
      ? {}
      : { recorded: JSON.stringify({ result: fight.result }) }),
  });
  return (
    <section className="cockfight-fairness" data-testid="cockfight-fairness">
      <h2>{t('house_cockfight.fairness_title')}</h2>
      <p>{t('house_cockfight.fairness_intro')}</p>
      <p>
        {t('house_cockfight.commitment')} <code>{serverSeedHash}</code>
      </p>
      {serverSeed !== null && (
        <Link to={`${fairnessPagePath}?${search.toString()}`} data-testid="cockfight-verify">
          {t('house_cockfight.verify')}
        </Link>
      )}
    </section>
  );
}

/**
 * The cockfight arena (DS88-style, the house's own): the fight taking bets (else the next one, else the last
 * result), its pools and payouts moving live from the arena's event stream, the bet buttons while betting is
 * open or at its last call, the result and the member's winnings, the results history and their bets.
 */
export function CockfightPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const live = useArenaState();
  const balance = useBalance();
  const myBets = useMyFightBets();
  const state = live?.state;
  const current = state?.current ?? null;
  const shown = current ?? state?.upcoming[0] ?? state?.lastResult ?? null;
  const serverNow = useServerNow(live?.clockOffsetMs ?? 0, current?.closesAt != null);
  const isOpen = isTakingBets(current, serverNow);
  const lastResult = state?.lastResult ?? null;
  const ownLast = (myBets.data ?? []).filter(
    (bet) => bet.fightId === lastResult?.fightId && bet.returned !== null,
  );
  useSoundOnChange(
    lastResult && ownLast.length > 0 ? lastResult.fightId : null,
    ownLast.some((bet) => bet.status === 'WON')
      ? 'win'
      : ownLast.every((bet) => bet.status === 'LOST')
        ? 'lose'
        : null,
  );

  // A fight moved on (opened, closed, settled): the member's bets and balance are read again.
  const fightKey = `${current?.fightId ?? ''}:${current?.phase ?? ''}:${state?.lastResult?.fightId ?? ''}`;
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: cockfightQueryKeys.myBets });
    void refreshWalletQueries(queryClient);
  }, [fightKey, queryClient]);

  return (
    <article className="page page--game cockfight-page" data-testid="cockfight-page">
      <header className="cockfight-page__header">
        <h1>{t('house_cockfight.title')}</h1>
        <SoundToggle />
        {balance.data && (
          <p>
            {t('house_cockfight.balance')}:{' '}
            <Money
              amount={balance.data.balance}
              symbol={balance.data.currencySymbol}
              testId="cockfight-balance"
            />
          </p>
        )}
      </header>

      {shown === null ? (
        <p className="cockfight-waiting" data-testid="cockfight-waiting">
          {t('house_cockfight.waiting')}
        </p>
      ) : (
        <>
          {current === null && shown.phase === 'SCHEDULED' && (
            <p className="cockfight-next">{t('house_cockfight.next_fight')}</p>
          )}
          <FightCard fight={shown} serverNow={serverNow} />
          {shown.result !== null && <Winnings fight={shown} bets={myBets.data ?? []} />}
          {shown.phase !== 'SETTLED' && shown.phase !== 'CANCELLED' && (
            <CockfightBetPanel fight={shown} isOpen={isOpen && shown === current} />
          )}
          <FightFairness fight={shown} />
        </>
      )}

      <div className="cockfight-columns">
        <ResultsHistory history={state?.history ?? []} />
        <MyFightBets bets={myBets.data ?? []} />
      </div>
    </article>
  );
}
