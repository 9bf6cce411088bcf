import type { FishingRoom, FishingSession } from '@wps/contracts/fishing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Money } from '../../../../components/money';
import { SelectField } from '../../../../components/select-field';
import { translateApiError } from '../../../../lib/translate-message';
import { getFishingShotProof } from '../../api/fishing-queries';
import { sceneHeight, sceneWidth } from './fishing-scene';
import { useFishingGame } from './use-fishing-game';

type FishingTableProps = {
  session: FishingSession;
  room: FishingRoom;
  powers: readonly number[];
  currencySymbol: string;
  onLeave: () => void;
  isLeaving: boolean;
};

/**
 * The game: the canvas (fish with their multipliers, the cannon aiming at the pointer, bullets, payouts), the
 * stake and power, auto-fire and lock-on, the balance and the session's totals, and the last kills with their
 * proofs. The cannon also fires from the keyboard (space or Enter on the canvas, or the fire button).
 */
export function FishingTable({
  session,
  room,
  powers,
  currencySymbol,
  onLeave,
  isLeaving,
}: FishingTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [stake, setStake] = useState(room.stakes[0] ?? '');
  const [power, setPower] = useState(1);
  const [isAutoFire, setAutoFire] = useState(false);
  const [isLockOn, setLockOn] = useState(false);
  const { canvasRef, ...game } = useFishingGame(session, room, { stake, power, isAutoFire, isLockOn }, () => {
    setAutoFire(false);
  });
  const fishName = (code: string) => room.fish.find((kind) => kind.code === code)?.name ?? code;

  const verify = async (shotId: string) => {
    const proof = await getFishingShotProof(session.sessionId, shotId);
    await navigate(proof.verifyPath);
  };

  return (
    <section className="fishing-table" data-testid="fishing-table" data-reduced-motion={game.isReducedMotion}>
      <dl className="fishing-stats">
        <div>
          <dt>{t('house_fishing.balance')}</dt>
          <dd>
            <Money amount={game.balanceShown} symbol={currencySymbol} testId="fishing-balance" />
          </dd>
        </div>
        <div>
          <dt>{t('house_fishing.shots')}</dt>
          <dd data-testid="fishing-shots">{game.totals.shots}</dd>
        </div>
        <div>
          <dt>{t('house_fishing.staked')}</dt>
          <dd>
            <Money amount={game.totals.staked} testId="fishing-staked" />
          </dd>
        </div>
        <div>
          <dt>{t('house_fishing.won')}</dt>
          <dd>
            <Money amount={game.totals.won} testId="fishing-won" />
          </dd>
        </div>
      </dl>

      <canvas
        ref={canvasRef}
        className="fishing-canvas"
        width={sceneWidth}
        height={sceneHeight}
        tabIndex={0}
        role="img"
        aria-label={t('house_fishing.canvas_label')}
        data-testid="fishing-canvas"
        onPointerMove={(event) => {
          game.aimAt(event.clientX, event.clientY);
        }}
        onPointerDown={(event) => {
          game.clickAt(event.clientX, event.clientY);
        }}
        onKeyDown={(event) => {
          if (event.key !== ' ' && event.key !== 'Enter') return;
          event.preventDefault();
          game.fire();
        }}
      />

      <div className="fishing-controls">
        <SelectField
          label={t('house_fishing.stake')}
          value={stake}
          options={room.stakes.map((value) => ({ value, label: value }))}
          onValueChange={setStake}
          testId="fishing-stake"
        />
        <SelectField
          label={t('house_fishing.power')}
          value={String(power)}
          options={powers.map((value) => ({ value: String(value), label: `×${value}` }))}
          onValueChange={(value) => {
            setPower(Number(value));
          }}
          testId="fishing-power"
        />
        <label className="fishing-toggle">
          <input
            type="checkbox"
            checked={isAutoFire}
            onChange={(event) => {
              game.clearError();
              setAutoFire(event.target.checked);
            }}
            data-testid="fishing-auto-fire"
          />
          {t('house_fishing.auto_fire')}
        </label>
        <label className="fishing-toggle">
          <input
            type="checkbox"
            checked={isLockOn}
            onChange={(event) => {
              setLockOn(event.target.checked);
            }}
            data-testid="fishing-lock-on"
          />
          {t('house_fishing.lock_on')}
        </label>
        <button
          type="button"
          className="button button--primary"
          onClick={game.fire}
          data-testid="fishing-fire"
        >
          {t('house_fishing.fire')}
        </button>
        <button
          type="button"
          className="button"
          disabled={isLeaving}
          onClick={() => {
            setAutoFire(false);
            void game.settle().then(onLeave);
          }}
          data-testid="fishing-leave"
        >
          {t('house_fishing.leave')}
        </button>
      </div>
      <p className="muted">
        {isLockOn
          ? game.lockedId === null
            ? t('house_fishing.lock_hint')
            : t('house_fishing.locked')
          : t('house_fishing.aim_hint')}
      </p>
      {game.error !== null && (
        <p role="alert" className="fishing-error" data-testid="fishing-error">
          {translateApiError(t, game.error)}
        </p>
      )}

      <section aria-labelledby="fishing-kills-title">
        <h2 id="fishing-kills-title">{t('house_fishing.recent_kills')}</h2>
        {game.kills.length === 0 ? (
          <p className="muted">{t('house_fishing.no_kills')}</p>
        ) : (
          <ul className="fishing-kills" data-testid="fishing-kills">
            {game.kills.map((kill) => (
              <li key={kill.shotId} data-testid="fishing-kill">
                {t('house_fishing.kill', { fish: fishName(kill.fish), multiplier: kill.multiplier })}{' '}
                <Money amount={kill.payout} symbol={currencySymbol} signed />{' '}
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => {
                    void verify(kill.shotId);
                  }}
                  data-testid="fishing-kill-verify"
                >
                  {t('house_fishing.verify')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="muted fishing-seeds">
        {t('house_fishing.seeds', {
          hash: session.seeds.serverSeedHash,
          clientSeed: session.seeds.clientSeed,
        })}
      </p>
    </section>
  );
}
