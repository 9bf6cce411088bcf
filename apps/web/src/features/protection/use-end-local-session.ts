import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useDialogs } from '../../components/dialog-provider';
import { clearSessionKeepingMerchant } from '../../lib/storage';

/**
 * After a time-out or a self-exclusion the server has already ended every session of the member: this tab
 * forgets its own (as a logout does, without asking the server again), goes home, and says what happened.
 *
 * The session goes only once the screen that asked has left (it is part of a member page): a member page that
 * saw the session go while still on screen would send the visitor to the login instead of home.
 */
export const useEndLocalSession = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const onLeave = useRef<(() => void) | null>(null);

  useEffect(() => {
    const leaving = onLeave;
    return () => {
      leaving.current?.();
    };
  }, []);

  return useCallback(
    async (notice: { title: string; message: string }): Promise<void> => {
      const hasLeft = new Promise<void>((resolve) => {
        onLeave.current = resolve;
      });
      await navigate('/', { replace: true });
      await hasLeft;
      clearSessionKeepingMerchant();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'site' });
      await dialogs.alert(notice);
    },
    [dialogs, navigate, queryClient],
  );
};
