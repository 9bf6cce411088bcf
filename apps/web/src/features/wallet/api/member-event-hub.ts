import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';

type Listener = (type: string) => void;

const listeners = new Set<Listener>();
const liveListeners = new Set<() => void>();
let isLive = false;

/**
 * The site's one member event stream, shared: useMemberEvents follows it and hands each signal here, so a
 * screen that needs a signal of its own (the chat room's typing) listens without opening a second stream.
 */
export const memberEventHub = {
  publish: (type: string): void => {
    for (const listener of listeners) listener(type);
  },
  /** Whether the stream is connected (a screen that polls while it is down stops when it is up). */
  setLive: (next: boolean): void => {
    if (isLive === next) return;
    isLive = next;
    for (const listener of liveListeners) listener();
  },
};

/** Calls `listener` with every signal of the member's event stream while the component is mounted. */
export const useMemberEvent = (listener: Listener): void => {
  const onEvent = useEffectEvent(listener);
  useEffect(() => {
    const subscriber: Listener = (type) => {
      onEvent(type);
    };
    listeners.add(subscriber);
    return () => {
      listeners.delete(subscriber);
    };
  }, []);
};

const subscribeLive = (listener: () => void) => {
  liveListeners.add(listener);
  return () => {
    liveListeners.delete(listener);
  };
};

/** Whether the member's event stream is connected now. */
export const useIsMemberStreamLive = (): boolean => useSyncExternalStore(subscribeLive, () => isLive);
