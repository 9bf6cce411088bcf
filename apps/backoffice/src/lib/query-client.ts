import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Review lists refresh on their own this often, so two operators see each other's decisions. */
export const listRefreshMs = 15_000;

/** The signed-in staff member's profile (/session/me), keyed further by the session token. */
export const staffProfileKey = ['staff', 'me'] as const;

// A failure the server answered on purpose (validation, permissions) will not change on retry.
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && (!isApiError(error) || error.code === 'NETWORK_ERROR');

export const createQueryClient = (): QueryClient => {
  // A call refused until the password is changed (an admin reset it meanwhile): the profile is read again,
  // and its flag turns the console into the password change screen.
  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'PASSWORD_CHANGE_REQUIRED') {
      void queryClient.invalidateQueries({ queryKey: staffProfileKey });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 5_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  return queryClient;
};
