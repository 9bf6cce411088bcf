import { useTranslation } from 'react-i18next';
import { openExternalLink } from '../../../lib/open-external-link';
import { usePermission } from '../api/get-permission';

/** Opens the brand's first customer-service channel; shows nothing when the brand has none. */
export function LiveSupportButton() {
  const { t } = useTranslation();
  const [firstEntry] = usePermission().info.customerService;
  if (!firstEntry) return null;
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={() => {
        openExternalLink(firstEntry.path);
      }}
    >
      {t('live_support')}
    </button>
  );
}
