import { useTranslation } from 'react-i18next';
import { nameDevice } from '../user-agent';

/** A browser's User-Agent in a short readable form ("Chrome on Android"); the whole of it on hover. */
export function DeviceLabel({ userAgent }: { userAgent: string | null }) {
  const { t } = useTranslation();
  const { browser, system } = nameDevice(userAgent);
  const label =
    browser !== null && system !== null
      ? t('security_centre.sessions.device', { browser, system })
      : (browser ?? system ?? t('security_centre.sessions.unknown_device'));
  return (
    <span title={userAgent ?? undefined} dir="auto">
      {label}
    </span>
  );
}
