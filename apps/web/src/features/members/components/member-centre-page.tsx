import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import type { MemberInfo } from '@wps/contracts/auth';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CountBadge } from '../../../components/count-badge';
import { SectionCentre } from '../../../components/section-centre';
import { useActionGuard } from '../../auth/api/use-action-guard';
import { useSession } from '../../auth/api/use-session';
import { useUnreadMessageCount } from '../../messages/api/get-unread-messages';
import { useUnreadRewardCount } from '../../promotions/api/get-unread-rewards';
import { usePermission } from '../../site/api/get-permission';
import { type MemberSection, memberSectionFlags, memberSections } from '../member-sections';

/** What other features show in a section; the app layer composes it (features do not import each other). */
export type MemberSectionRenderer = (section: MemberSection, member: MemberInfo) => ReactNode;

/** The member centre needs the action guard to pass (spec section 4): guests log in, trials are refused. */
export function MemberCentrePage({ renderSection }: { renderSection?: MemberSectionRenderer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { whitelabel } = usePermission().info;
  const { member } = useSession();
  const { status, block } = useActionGuard();
  const unreadMessages = useUnreadMessageCount();
  const unreadRewards = useUnreadRewardCount();

  useEffect(() => {
    if (status === 'guest') void navigate('/login', { replace: true });
    if (status === 'trial') {
      void navigate('/', { replace: true });
      void block('trial');
    }
  }, [block, navigate, status]);

  if (status !== 'allowed' || member === null) return null;
  const available = memberSections.filter((section) => {
    const flag = memberSectionFlags[section];
    return flag === undefined || isWhitelabelEnabled(whitelabel, flag);
  });
  return (
    <article className="page" data-testid="member-page">
      <h1 className="page__title">{t('pages.member.title')}</h1>
      <SectionCentre
        sections={available}
        menuLabel={t('pages.member.menu')}
        labelOf={(section) => t(`pages.member.sections.${section}`)}
        badgeOf={(section) =>
          section === 'messageV2' ? (
            <CountBadge
              count={unreadMessages}
              label={t('messages.unread_count', { count: unreadMessages })}
              testId="member-messages-unread"
            />
          ) : section === 'rewardCenter' ? (
            <CountBadge
              count={unreadRewards}
              label={t('rewards.unread_count', { count: unreadRewards })}
              testId="member-rewards-unread"
            />
          ) : null
        }
        renderSection={(section) => renderSection?.(section, member) ?? null}
      />
    </article>
  );
}
