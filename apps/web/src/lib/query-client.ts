import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

// A failure the server answered on purpose (validation, permissions) will not change on retry.
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && (!isApiError(error) || error.code === 'NETWORK_ERROR');

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
