import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/api/use-session';
import { armSound, isSoundMuted, setSoundMuted, subscribeSoundMuted } from './game-sound';
import './sound-toggle.css';

/**
 * The mute switch every house game page shows in its header. It arms the page's sound for the signed-in
 * member (audio starts at their first gesture) and keeps their choice per member.
 */
export function SoundToggle() {
  const { t } = useTranslation();
  const { member } = useSession();
  const memberKey = member?.id ?? 'visitor';
  useEffect(() => armSound(memberKey), [memberKey]);
  const isMuted = useSyncExternalStore(
    subscribeSoundMuted,
    () => isSoundMuted(memberKey),
    () => false,
  );
  return (
    <button
      type="button"
      className="sound-toggle"
      aria-pressed={isMuted}
      title={t('house_sound.mute')}
      onClick={() => {
        setSoundMuted(memberKey, !isMuted);
      }}
      data-testid="sound-toggle"
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
        {isMuted ? (
          <path d="m16 9 6 6m0-6-6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path
            d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        )}
      </svg>
      <span className="visually-hidden">{t('house_sound.mute')}</span>
    </button>
  );
}
