import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Review lists refresh on their own this often, so two operators see each other's decisions. */
export const listRefreshMs = 15_000;

// A failure the server answered on purpose (validation, permissions) will not change on retry.
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && (!isApiError(error) || error.code === 'NETWORK_ERROR');

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
