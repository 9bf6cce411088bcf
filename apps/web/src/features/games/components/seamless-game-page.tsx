import type { LaunchGameResult } from '@wps/contracts/games';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../../components/icon';
import { useActionGuard } from '../../auth/api/use-action-guard';
import type { LaunchMode } from '../api/launch-game';
import { findLaunch, forgetLaunch, useLaunchGame } from '../api/start-game';
import './seamless-game-page.css';

const modeOf = (value: string | null): LaunchMode => (value === 'demo' ? 'demo' : 'real');
const nodeIdOf = (value: string | null): number | null =>
  value !== null && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;

/** Back where the player came from on the site, or home when the game page was opened directly. */
const useLeaveGame = () => {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') void navigate('/');
    else void navigate(-1);
  };
};

function GameBar({ title, mode }: { title: string; mode: LaunchMode }) {
  const { t } = useTranslation();
  const leave = useLeaveGame();
  return (
    <div className="seamless-game__bar">
      <button
        type="button"
        className="button button--ghost seamless-game__back"
        data-testid="seamless-back"
        onClick={leave}
      >
        <Icon name="arrow-back" size={18} />
        {t('launch.back')}
      </button>
      <h1 className="seamless-game__title" dir="auto" data-testid="seamless-title">
        {title}
      </h1>
      {mode === 'demo' && (
        <span className="seamless-game__mode" data-testid="seamless-demo">
          {t('launch.demo_badge')}
        </span>
      )}
    </div>
  );
}

function GameFrame({ launchId, launch }: { launchId: string; launch: LaunchGameResult }) {
  const { t } = useTranslation();
  // The launch can be opened once: leaving the page forgets it, so coming back offers a fresh start.
  useEffect(
    () => () => {
      forgetLaunch(launchId);
    },
    [launchId],
  );
  return (
    <>
      <GameBar title={launch.gameName} mode={launch.mode} />
      <iframe
        className="seamless-game__frame"
        src={launch.url}
        title={t('launch.frame_title', { name: launch.gameName })}
        allow="autoplay; fullscreen"
        allowFullScreen
        referrerPolicy="origin"
        data-testid="seamless-frame"
      />
    </>
  );
}

/** A reload, or a game page reached again later: the launch is gone, the player may start a new one. */
function StartAgain() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const guard = useActionGuard();
  const launch = useLaunchGame();
  const nodeId = nodeIdOf(searchParams.get('nodeId'));
  const mode = modeOf(searchParams.get('mode'));
  const startAgain = () => {
    if (nodeId === null) return;
    if (mode === 'demo') void launch(nodeId, 'demo', { replace: true });
    else guard.run(() => void launch(nodeId, 'real', { replace: true }));
  };
  return (
    <>
      <GameBar title={t('pages.seamless.title')} mode={mode} />
      <div className="seamless-game__ended" role="status" data-testid="seamless-ended">
        <h2>{t('launch.ended_title')}</h2>
        <p>{t('launch.ended_body')}</p>
        <div className="seamless-game__ended-actions">
          {nodeId !== null && (
            <button
              type="button"
              className="button button--primary"
              data-testid="seamless-start-again"
              // The stored token is still becoming member info: the guard cannot answer yet.
              disabled={mode === 'real' && guard.status === 'resolving'}
              onClick={startAgain}
            >
              {t('launch.start_again')}
            </button>
          )}
          <Link to="/" className="button button--ghost">
            {t('launch.home')}
          </Link>
        </div>
      </div>
    </>
  );
}

function SeamlessGame() {
  const location = useLocation();
  // Read once per history entry; the frame keeps it for as long as the page is open.
  const [opened] = useState(() => findLaunch(location.state));
  return (
    <article className="seamless-game" data-testid="seamless-page">
      {opened === null ? <StartAgain /> : <GameFrame launchId={opened.launchId} launch={opened.launch} />}
    </article>
  );
}

/**
 * /seamless: the vendor's game in a frame as big as the page, with its name and a way back. The side menu
 * is hidden on this route and the header shows no balance (the vendor's game shows it; the push stream
 * refreshes the site's balance queries whenever money moves).
 */
export function SeamlessGamePage() {
  const location = useLocation();
  return <SeamlessGame key={location.key} />;
}
