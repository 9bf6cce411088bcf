import { clientSeedPattern, fairnessPagePath } from '@wps/contracts/house-games-rules';
import { formatMinorUnits, toMinorUnits } from '@wps/contracts/money';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { SelectField } from '../../../components/select-field';
import { translateApiError } from '../../../lib/translate-message';
import {
  type SlotInfo,
  type SlotRound,
  useActiveSeeds,
  useJackpot,
  useRotateSeeds,
  useSlotInfo,
  useSpin,
} from '../api/slot-queries';
import { playSound } from '../sound/game-sound';
import { SoundToggle } from '../sound/sound-toggle';
import { SlotReels, useSymbolName } from './slot-reels';
import './slot-page.css';

const slotGame = 'slot';

/** Decimal amounts of one currency added exactly. */
const sumAmounts = (amounts: readonly string[]): string => {
  const decimals = (amounts[0]?.split('.')[1] ?? '').length;
  const total = amounts.reduce(
    (sum, amount) => sum + toMinorUnits(amount, decimals, { allowZero: true }),
    0n,
  );
  return formatMinorUnits(total, decimals);
};

/** The window before the first spin: the top of every strip. */
const firstWindow = (info: SlotInfo): string[][] =>
  info.reels.map((strip) => Array.from({ length: info.rows }, (_, row) => strip[row] ?? ''));

/** The live jackpot; its place is kept while the amount loads, so nothing below it moves when it comes. */
function JackpotBanner() {
  const { t } = useTranslation();
  const jackpot = useJackpot();
  return (
    <section className="slot-jackpot" aria-live="polite" aria-busy={!jackpot.data} data-testid="slot-jackpot">
      <span>{t('house_slot.jackpot')}</span>
      <span className="slot-jackpot__amount">
        {jackpot.data && (
          <Money amount={jackpot.data.amount} symbol={jackpot.data.currency} testId="slot-jackpot-amount" />
        )}
      </span>
    </section>
  );
}

function RoundResult({ round }: { round: SlotRound }) {
  const { t } = useTranslation();
  const symbolName = useSymbolName();
  const freeSpinsWon = round.freeSpins.length;
  return (
    <div className="slot-result" aria-live="polite" data-testid="slot-result">
      <p className="slot-result__total">
        {t('house_slot.total_win')}: <Money amount={round.totalWin} testId="slot-win" />
      </p>
      {round.jackpotHit && (
        <p className="slot-result__jackpot" data-testid="slot-jackpot-win">
          {t('house_slot.jackpot_won')} <Money amount={round.jackpotWin} />
        </p>
      )}
      {round.base.lineWins.length > 0 && (
        <ul>
          {round.base.lineWins.map((win) => (
            <li key={win.line}>
              {t('house_slot.line_win', {
                line: win.line + 1,
                count: win.count,
                symbol: symbolName(win.symbol),
              })}{' '}
              <Money amount={win.amount} />
            </li>
          ))}
        </ul>
      )}
      {round.base.scatterCount >= 3 && (
        <p>
          {t('house_slot.scatter_win', { count: round.base.scatterCount })}{' '}
          <Money amount={round.base.scatterWin} />
        </p>
      )}
      {freeSpinsWon > 0 && (
        <p data-testid="slot-free-spins">
          {t('house_slot.free_spins', {
            count: freeSpinsWon,
            multiplier: round.freeSpins[0]?.multiplier ?? 1,
          })}{' '}
          <Money amount={sumAmounts(round.freeSpins.map((free) => free.win))} />
        </p>
      )}
      <p className="muted">
        {t('house_slot.round_id', { roundId: round.roundId, nonce: round.seeds.nonce })}{' '}
        <Link to={round.verifyPath} data-testid="slot-verify-link">
          {t('house_slot.verify')}
        </Link>
      </p>
    </div>
  );
}

function SeedsPanel() {
  const { t } = useTranslation();
  const seeds = useActiveSeeds(slotGame);
  const rotate = useRotateSeeds(slotGame);
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<string | null>(null);
  const isClientSeedValid = clientSeedPattern.test(clientSeed);

  const submitClientSeed = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isClientSeedValid) return;
    rotate.mutate(clientSeed, {
      onSuccess: (rotated) => {
        setRevealed(rotated.revealed?.serverSeed ?? null);
        setClientSeed('');
      },
    });
  };

  return (
    <section className="slot-seeds" aria-labelledby="slot-seeds-title" data-testid="slot-seeds">
      <h2 id="slot-seeds-title">{t('house_slot.seeds_title')}</h2>
      <p className="muted">{t('house_slot.seeds_intro')}</p>
      {seeds.data ? (
        <dl>
          <dt>{t('house_slot.server_seed_hash')}</dt>
          <dd>
            <code data-testid="slot-seed-hash">{seeds.data.serverSeedHash}</code>
          </dd>
          <dt>{t('house_slot.client_seed')}</dt>
          <dd>
            <code data-testid="slot-client-seed">{seeds.data.clientSeed}</code>
          </dd>
          <dt>{t('house_slot.next_nonce')}</dt>
          <dd data-testid="slot-nonce">{seeds.data.nextNonce}</dd>
        </dl>
      ) : (
        <QueryState error={seeds.error} onRetry={() => void seeds.refetch()} />
      )}
      <form className="slot-seeds__row" onSubmit={submitClientSeed}>
        <div className="field">
          <label className="field__label" htmlFor="slot-new-client-seed">
            {t('house_slot.new_client_seed')}
          </label>
          <input
            id="slot-new-client-seed"
            className="field__input"
            value={clientSeed}
            maxLength={64}
            onChange={(event) => {
              setClientSeed(event.target.value);
            }}
            data-testid="slot-client-seed-input"
          />
        </div>
        <button
          type="submit"
          className="button button--ghost"
          disabled={!isClientSeedValid || rotate.isPending}
        >
          {t('house_slot.set_client_seed')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={rotate.isPending}
          data-testid="slot-rotate"
          onClick={() => {
            rotate.mutate(undefined, {
              onSuccess: (rotated) => {
                setRevealed(rotated.revealed?.serverSeed ?? null);
              },
            });
          }}
        >
          {t('house_slot.rotate')}
        </button>
      </form>
      {rotate.error && <p role="alert">{translateApiError(t, rotate.error)}</p>}
      {revealed !== null && (
        <p data-testid="slot-revealed-seed">
          {t('house_slot.revealed_seed')} <code>{revealed}</code>
        </p>
      )}
      <Link to={fairnessPagePath}>{t('house_slot.fairness_link')}</Link>
    </section>
  );
}

function SlotMachine({ info }: { info: SlotInfo }) {
  const { t } = useTranslation();
  const spin = useSpin();
  const [bet, setBet] = useState(info.betLevels[0] ?? '');
  const [spinKey, setSpinKey] = useState(0);
  const [windows, setWindows] = useState(() => ({ previous: firstWindow(info), current: firstWindow(info) }));
  const [shown, setShown] = useState<SlotRound | null>(null);
  const [isRolling, setIsRolling] = useState(false);

  const play = () => {
    if (spin.isPending || isRolling) return;
    playSound('spin');
    setShown(null);
    spin.mutate(
      { requestId: crypto.randomUUID(), bet },
      {
        onSuccess: (round) => {
          setWindows((before) => ({ previous: before.current, current: round.base.grid }));
          setIsRolling(true);
          setSpinKey((key) => key + 1);
          setShown(null);
        },
      },
    );
  };
  return (
    <section className="slot-machine" data-theme="dark" aria-label={info.gameName}>
      <SlotReels
        reels={info.reels}
        previous={windows.previous}
        grid={windows.current}
        spinKey={spinKey}
        onAllStopped={() => {
          // The round's wins are shown once the reels have stopped.
          setIsRolling(false);
          setShown(spin.data ?? null);
          if (Number(spin.data?.totalWin ?? 0) > 0) playSound('win');
        }}
      />
      <div className="slot-controls">
        <SelectField
          label={t('house_slot.bet')}
          value={bet}
          options={info.betLevels.map((level) => ({ value: level, label: `${info.currency} ${level}` }))}
          onValueChange={setBet}
          testId="slot-bet"
          disabled={spin.isPending || isRolling}
        />
        <button
          type="button"
          className="button button--primary slot-spin"
          onClick={play}
          disabled={spin.isPending || isRolling}
          data-testid="slot-spin"
        >
          {spin.isPending || isRolling ? t('house_slot.spinning') : t('house_slot.spin')}
        </button>
        {spin.data && !isRolling && (
          <p>
            {t('house_slot.balance')}:{' '}
            <Money amount={spin.data.balance} symbol={info.currency} testId="slot-balance" />
          </p>
        )}
      </div>
      {spin.error && (
        <p role="alert" data-testid="slot-error">
          {translateApiError(t, spin.error)}
        </p>
      )}
      {shown && <RoundResult round={shown} />}
    </section>
  );
}

/** The house slot: reels, bet, spin, wins, the live jackpot and the member's seeds (route /house/slot). */
export function SlotPage() {
  const { t } = useTranslation();
  const info = useSlotInfo();
  return (
    <article className="page page--game slot-page" data-testid="slot-page">
      <header className="slot-page__header">
        <h1 className="page__title">{info.data?.gameName ?? t('house_slot.title')}</h1>
        <SoundToggle />
      </header>
      <JackpotBanner />
      {info.data ? (
        <SlotMachine info={info.data} />
      ) : (
        // The machine's place, kept while it loads: the page below does not jump when it comes.
        <div className="slot-machine slot-machine--loading">
          <QueryState error={info.error} onRetry={() => void info.refetch()} />
        </div>
      )}
      <p className="muted slot-rtp" data-testid="slot-rtp">
        {info.data &&
          t('house_slot.rtp', {
            game: info.data.returnToPlayer.game,
            jackpot: info.data.returnToPlayer.jackpot,
            total: info.data.returnToPlayer.total,
          })}
      </p>
      <SeedsPanel />
    </article>
  );
}
