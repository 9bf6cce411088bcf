import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { useSession } from '../../auth/api/use-session';
import { useProtectionSession } from '../api/get-protection-session';
import './reality-check.css';

/**
 * The session's net result as an item of the header's account menu (issue 26, reality checks), read fresh each
 * time the menu opens; nothing for free-play accounts, which have no session to count.
 */
export function SessionNetPosition() {
  const { t } = useTranslation();
  const { token, isTrial } = useSession();
  const session = useProtectionSession(isTrial ? null : token, { isFresh: true });
  if (isTrial || session.data === undefined) return null;
  return (
    <li className="member-menu__item session-net" data-testid="menu-session-net">
      <span>{t('reality_check.session_net')}</span>
      <Money amount={session.data.netResult} symbol={session.data.currency} signed />
    </li>
  );
}
