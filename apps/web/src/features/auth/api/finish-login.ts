import { useQueryClient } from '@tanstack/react-query';
import type { SessionValue } from '@wps/contracts/auth';
import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { saveFirstTimeLogin, savePasswordChangePending, saveSessionToken } from '../../../lib/storage';
import { getMemberInfoQueryOptions } from '../../members/api/get-member-info';
import { usePermission } from '../../site/api/get-permission';

/** How the session was obtained; only a password login can lead to the forced password change. */
export type LoginMethod = 'password' | 'sms' | 'free-play' | 'registration' | 'password-reset';
export type LoginArea = 'player' | 'agent';

/**
 * Spec section 4, "After a successful login": store the token, note a first login, load the member info,
 * then either open the forced password change or go to / (/agentHome from the agent page).
 */
export const useFinishLogin = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { whitelabel } = usePermission().info;
  return useCallback(
    async (session: SessionValue, method: LoginMethod, area: LoginArea = 'player'): Promise<void> => {
      const isExpiryEnforced = isWhitelabelEnabled(whitelabel, 'PWDEXPFORCECHANGE3');
      const mustChangePassword =
        method === 'password' &&
        (session.mustChangePassword || (session.passwordExpired && isExpiryEnforced));
      saveFirstTimeLogin(session.firstTimeLogin);
      savePasswordChangePending(mustChangePassword);
      saveSessionToken(session.token);
      try {
        await queryClient.query(getMemberInfoQueryOptions(session.token));
      } catch {
        // The header keeps asking through useSession; the login itself has succeeded.
      }
      // With a pending change the forced modal opens over the page the visitor is sent to.
      const destination = area === 'agent' ? (mustChangePassword ? '/agent' : '/agentHome') : '/';
      await navigate(destination, { replace: true });
    },
    [navigate, queryClient, whitelabel],
  );
};
