import { useSyncExternalStore } from 'react';
import { isPasswordChangePending, readSessionToken, subscribeSessionStorage } from './storage';

/** The session token, re-rendering when it is saved or cleared. */
export const useSessionToken = (): string | null =>
  useSyncExternalStore(subscribeSessionStorage, readSessionToken, () => null);

/** Whether a forced password change waits (the spec's cpw session item). */
export const usePasswordChangePending = (): boolean =>
  useSyncExternalStore(subscribeSessionStorage, isPasswordChangePending, () => false);
