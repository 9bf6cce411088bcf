import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { QueryState } from '../../../components/query-state';
import { useDomainRoutes } from '../api/get-domain-routes';
import './site-tools.css';

/** The mirror-site list (spec section 2, Other screens): every domain of the brand, as a link. */
export function MirrorSitesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const domains = useDomainRoutes();
  return (
    <Modal title={t('site_tools.mirror_sites')} onClose={onClose} testId="mirror-sites-dialog">
      <p className="muted">{t('site_tools.mirror_intro')}</p>
      {domains.data === undefined ? (
        <QueryState error={domains.error} onRetry={() => void domains.refetch()} />
      ) : domains.data.length === 0 ? (
        <EmptyState message={t('site_tools.no_mirrors')} />
      ) : (
        <ul className="site-tools__list" data-testid="mirror-sites">
          {domains.data.map(({ domainName, origin }) => (
            <li key={domainName} className="site-tools__row">
              <a href={origin} target="_blank" rel="noopener noreferrer" dir="ltr">
                {domainName}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
