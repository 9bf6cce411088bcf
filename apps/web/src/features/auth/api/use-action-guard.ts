import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { useSession } from './use-session';

export type GuardStatus = 'resolving' | 'guest' | 'trial' | 'allowed';

/**
 * Spec section 4, Action guard: a guest is sent to the login modal, a trial (free-play) account gets the
 * in_need_true_account warning and the action does not run; members and agents go ahead.
 */
export const useActionGuard = () => {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const session = useSession();
  const status: GuardStatus = session.isResolving
    ? 'resolving'
    : !session.isLogin
      ? 'guest'
      : session.isTrial
        ? 'trial'
        : 'allowed';

  const block = useCallback(
    async (reason: 'guest' | 'trial'): Promise<void> => {
      if (reason === 'guest') {
        await navigate('/login');
        return;
      }
      await dialogs.alert({ message: t('in_need_true_account') });
    },
    [dialogs, navigate, t],
  );

  /** Runs the action when allowed; answers whether it ran. */
  const run = useCallback(
    (action: () => void): boolean => {
      if (status === 'allowed') {
        action();
        return true;
      }
      if (status !== 'resolving') void block(status);
      return false;
    },
    [block, status],
  );

  return { status, run, block };
};
