import { useLocation, useNavigate } from 'react-router';
import { lazyComponent } from '../../../lib/lazy-component';
import { usePasswordChangePending, useSessionToken } from '../../../lib/use-session-storage';

// Rarely needed, so its code loads only when a member has to change the password.
const ChangePasswordModal = lazyComponent('change-password', () =>
  import('./change-password-modal').then((module) => module.ChangePasswordModal),
);

/**
 * Spec section 4: a password login with the brand's default or an expired password opens the change
 * before anything else; the flag lives in session storage, so a reload keeps the modal up.
 */
export function ForcedPasswordChange() {
  const isPending = usePasswordChangePending();
  const token = useSessionToken();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!isPending || token === null) return null;
  const isAgentArea = pathname === '/agent' || pathname === '/agentHome';
  return (
    <ChangePasswordModal
      isForced
      onChanged={() => void navigate(isAgentArea ? '/agentHome' : '/', { replace: true })}
    />
  );
}
