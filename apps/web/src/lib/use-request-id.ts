import { useCallback, useRef } from 'react';

/**
 * The `requestId` of a money submit: a fresh UUID for every new submit, the same one when the member sends
 * the very same request again after a failure (a network error, a timeout), so the server answers the first
 * result instead of moving the money twice. Call `settle` once a submit succeeded.
 */
export const useRequestId = () => {
  const last = useRef<{ fingerprint: string; id: string } | null>(null);
  const requestIdFor = useCallback((body: object): string => {
    const fingerprint = JSON.stringify(body);
    if (last.current?.fingerprint === fingerprint) return last.current.id;
    const id = crypto.randomUUID();
    last.current = { fingerprint, id };
    return id;
  }, []);
  const settle = useCallback(() => {
    last.current = null;
  }, []);
  return { requestIdFor, settle };
};
