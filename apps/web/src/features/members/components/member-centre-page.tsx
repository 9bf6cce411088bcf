import { isWhitelabelEnabled } from '@wps/contracts/site';
import { useTranslation } from 'react-i18next';
import { SectionCentre } from '../../../components/section-centre';
import { usePermission } from '../../site/api/get-permission';
import { memberSectionFlags, memberSections } from '../member-sections';

export function MemberCentrePage() {
  const { t } = useTranslation();
  const { whitelabel } = usePermission().info;
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
      />
    </article>
  );
}
