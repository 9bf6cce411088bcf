import { useQuery } from '@tanstack/react-query';
import type { captchaResponseSchema } from '@wps/contracts/auth';
import type { ResponseValue } from '@wps/contracts/envelope';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useThrottledCallback } from '../../../lib/use-throttled-callback';

/** A PNG data URL; the answer is bound to an httpOnly cookie the same response sets. */
export const getCaptcha = (signal?: AbortSignal): Promise<string> =>
  apiRequest<ResponseValue<typeof captchaResponseSchema>>('/captcha', { signal });

const captchaRefreshIntervalMs = 1000;

/**
 * The captcha image of a form. Never cached beyond the form: each image replaces the previous answer on
 * the server, so a stale one would always be wrong.
 */
export const useCaptcha = (isEnabled: boolean) => {
  const query = useQuery({
    queryKey: ['auth', 'captcha'],
    // No abort signal: a cancelled request may still set the answer cookie after its successor did, and
    // then the image on screen would not match the answer the server expects.
    queryFn: () => getCaptcha(),
    enabled: isEnabled,
    staleTime: Infinity,
    gcTime: 0,
    // The server refuses a new image within a second of the last (a form shown again at once asks again):
    // ask once more when that second is over, rather than leaving the form without an image.
    retry: (failures, error) => failures < 2 && error instanceof ApiError && error.code === 'RATE_LIMITED',
    retryDelay: captchaRefreshIntervalMs,
  });
  const { refetch } = query;
  const reload = () => {
    void refetch();
  };
  // The visitor's clicks are throttled (spec section 9); the form's own reloads after a failure are not.
  const refresh = useThrottledCallback(reload, captchaRefreshIntervalMs);
  return { image: isEnabled ? (query.data ?? null) : null, isLoading: query.isFetching, reload, refresh };
};
