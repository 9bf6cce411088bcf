import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { hideGlobalLoader, showGlobalLoader } from '../../../lib/global-loader';
import { clearSessionKeepingMerchant } from '../../../lib/storage';
import { logout } from './logout';

/**
 * Spec section 4, Logout: confirm, loader, DELETE the session, clear session storage (keeping the merchant
 * code) and every member query, then replace the route with / (/agent for the agent centre).
 */
export const useSignOut = (area: 'player' | 'agent' = 'player') => {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<void> => {
    const isConfirmed = await dialogs.confirm({
      message: t('auth.logout_confirm'),
      confirmLabel: t('auth.logout'),
    });
    if (!isConfirmed) return;
    showGlobalLoader();
    try {
      await logout();
    } catch {
      // The session ends on this device whatever the server answered; its token expires on its own.
    }
    clearSessionKeepingMerchant();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'site' });
    await navigate(area === 'agent' ? '/agent' : '/', { replace: true });
    hideGlobalLoader();
  }, [area, dialogs, navigate, queryClient, t]);
};
