import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SelectField } from '../../../components/select-field';
import { readSessionToken } from '../../../lib/storage';
import { translateApiError } from '../../../lib/translate-message';
import { type VerifyResult, useFairnessGames, useSeedPairLookup, useVerify } from '../api/fairness-queries';
import { useRevealedSeeds } from '../api/slot-queries';
import { SlotSymbol, useSymbolName } from './slot-reels';
import { parseRecorded } from './fairness-verdict';
import { FairnessVerdictView } from './fairness-verdict-view';
import { FairnessTableRound } from './fairness-table-round';
import './slot-page.css';

type SlotSpinResult = {
  grid: string[][];
  lineWins: Array<{ line: number; symbol: string; count: number; pays: number }>;
  scatterCount: number;
  freeSpinsAwarded: number;
};

const isSlotSpin = (value: unknown): value is SlotSpinResult =>
  typeof value === 'object' && value !== null && 'grid' in value && Array.isArray(value.grid);

/** The window drawn row by row (the result keeps it reel by reel). */
function SlotGrid({ spin }: { spin: SlotSpinResult }) {
  const rows = spin.grid[0]?.length ?? 0;
  return (
    <div className="fairness-grid" data-testid="fairness-grid">
      {Array.from({ length: rows }, (_, row) =>
        spin.grid.map((column, reel) => <SlotSymbol key={`${row}-${reel}`} symbol={column[row] ?? ''} />),
      )}
    </div>
  );
}

function SlotResult({ result }: { result: VerifyResult['result'] }) {
  const { t } = useTranslation();
  const symbolName = useSymbolName();
  const base = result.base;
  const freeSpins = Array.isArray(result.freeSpins) ? result.freeSpins.filter(isSlotSpin) : [];
  if (!isSlotSpin(base)) return null;
  return (
    <div data-testid="fairness-slot-result">
      <SlotGrid spin={base} />
      <ul>
        {base.lineWins.map((win) => (
          <li key={win.line}>
            {t('fairness.slot_line', {
              line: win.line + 1,
              count: win.count,
              symbol: symbolName(win.symbol),
              pays: win.pays,
            })}
          </li>
        ))}
      </ul>
      <p>{t('fairness.slot_scatters', { count: base.scatterCount })}</p>
      {freeSpins.length > 0 && <p>{t('fairness.slot_free_spins', { count: freeSpins.length })}</p>}
      <p data-testid="fairness-win">
        {t('fairness.slot_win', {
          units: typeof result.lineBetUnits === 'number' ? String(result.lineBetUnits) : '—',
          minor: typeof result.winMinorUnits === 'string' ? result.winMinorUnits : '—',
        })}
      </p>
      {typeof result.jackpotHit === 'boolean' && (
        <p data-testid="fairness-jackpot">
          {result.jackpotHit ? t('fairness.jackpot_hit') : t('fairness.jackpot_missed')}
        </p>
      )}
    </div>
  );
}

/**
 * Anyone recomputes a house game's result from its seeds (route /fairness). A link from a round fills in the
 * game, the hash, the client seed, the nonce and the round's parameters; once the seed is revealed its server
 * seed is filled in too. A live table's round (`tableRound`) shows its proof and recomputes it. A member also
 * sees their revealed seed pairs.
 */
export function FairnessPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const games = useFairnessGames();
  const verify = useVerify();
  const expectedHash = searchParams.get('serverSeedHash');
  // A live table's round, linked from its page by id: its proof comes from the tables' own endpoint.
  const tableRound = searchParams.get('tableRound');
  // What the round recorded, carried by the link from it: set beside the recomputed result.
  const recorded = parseRecorded(searchParams.get('recorded'));
  const lookup = useSeedPairLookup(expectedHash);
  const isMember = readSessionToken() !== null;
  const revealed = useRevealedSeeds('slot', isMember);
  const [form, setForm] = useState({
    game: searchParams.get('game') ?? 'slot',
    // Null until typed: the revealed seed of the linked pair fills it in.
    serverSeed: searchParams.get('serverSeed'),
    clientSeed: searchParams.get('clientSeed') ?? '',
    nonce: searchParams.get('nonce') ?? '0',
    stake: searchParams.get('stake') ?? '',
    jackpotBound: searchParams.get('jackpotBound') ?? '',
    gameCode: searchParams.get('gameCode') ?? '',
    stations: searchParams.get('stations') ?? '',
  });
  const serverSeed = form.serverSeed ?? lookup.data?.serverSeed ?? '';
  const field = (name: keyof typeof form) => ({
    value: name === 'serverSeed' ? serverSeed : form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((before) => ({ ...before, [name]: event.target.value }));
    },
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params: Record<string, string> = {};
    if (form.stake) params.stake = form.stake;
    if (form.jackpotBound) params.jackpotBound = form.jackpotBound;
    if (form.gameCode) params.gameCode = form.gameCode;
    if (form.stations) params.stations = form.stations;
    // A crash round's link also names its chain's house edge and the hash before it; a fishing shot's its fish,
    // power and RTP.
    for (const name of ['houseEdgeBasisPoints', 'previousHash', 'fish', 'power', 'rtpBasisPoints']) {
      const value = searchParams.get(name);
      if (value) params[name] = value;
    }
    verify.mutate({
      game: form.game,
      serverSeed: serverSeed.trim(),
      clientSeed: form.clientSeed.trim(),
      nonce: Number(form.nonce),
      params,
    });
  };

  const result = verify.data;
  return (
    <article className="page fairness-page" data-testid="fairness-page">
      <h1 className="page__title">{t('fairness.title')}</h1>
      <p>{t('fairness.intro')}</p>
      {tableRound !== null && <FairnessTableRound roundId={tableRound} />}
      {expectedHash !== null && lookup.data && lookup.data.serverSeed === null && (
        <p role="status" data-testid="fairness-not-revealed">
          {t('fairness.not_revealed')}
        </p>
      )}
      <form className="form" onSubmit={submit}>
        <SelectField
          label={t('fairness.game')}
          value={form.game}
          options={(games.data?.games ?? [form.game]).map((game) => ({ value: game, label: game }))}
          onValueChange={(game) => {
            setForm((before) => ({ ...before, game }));
          }}
          testId="fairness-game"
        />
        {(
          [
            ['serverSeed', 'fairness.server_seed'],
            ['clientSeed', 'fairness.client_seed'],
            ['nonce', 'fairness.nonce'],
            ['stake', 'fairness.stake'],
            ['jackpotBound', 'fairness.jackpot_bound'],
            ['gameCode', 'fairness.game_code'],
            ['stations', 'fairness.stations'],
          ] as const
        ).map(([name, label]) => (
          <div className="field" key={name}>
            <label className="field__label" htmlFor={`fairness-${name}`}>
              {t(label)}
            </label>
            <div className="field__control">
              <input
                id={`fairness-${name}`}
                className="field__input"
                data-testid={`fairness-${name}`}
                dir="ltr"
                {...field(name)}
              />
            </div>
          </div>
        ))}
        <button
          type="submit"
          className="button button--primary"
          disabled={verify.isPending}
          data-testid="fairness-verify"
        >
          {t('fairness.verify')}
        </button>
      </form>
      {verify.error && <p role="alert">{translateApiError(t, verify.error)}</p>}
      {result && (
        <section aria-live="polite" data-testid="fairness-result">
          <h2>{t('fairness.result')}</h2>
          <p>
            {t('fairness.hash_of_seed')} <code data-testid="fairness-hash">{result.serverSeedHash}</code>
          </p>
          {expectedHash !== null && (
            <p data-testid="fairness-hash-match">
              {result.serverSeedHash === expectedHash
                ? t('fairness.hash_matches')
                : t('fairness.hash_differs')}
            </p>
          )}
          <FairnessVerdictView
            game={result.game}
            result={result.result}
            recorded={recorded}
            hashMatches={expectedHash === null ? null : result.serverSeedHash === expectedHash}
          />
          {result.game === 'slot' && <SlotResult result={result.result} />}
        </section>
      )}
      {isMember && (
        <section data-testid="fairness-revealed">
          <h2>{t('fairness.my_revealed')}</h2>
          {revealed.data && revealed.data.list.length === 0 && (
            <p className="muted">{t('fairness.none_revealed')}</p>
          )}
          <ul>
            {revealed.data?.list.map((pair) => (
              <li key={pair.id}>
                <code>{pair.serverSeed}</code> ·{' '}
                {t('fairness.pair_summary', { clientSeed: pair.clientSeed, nonces: pair.noncesUsed })}{' '}
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => {
                    setForm((before) => ({
                      ...before,
                      serverSeed: pair.serverSeed,
                      clientSeed: pair.clientSeed,
                    }));
                  }}
                >
                  {t('fairness.use_pair')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
