import { EventEmitter } from 'node:events';

/**
 * Signals to a member's open sites. They carry no data: on `balance` the site refetches the balance, on
 * `message` the unread count, through the normal endpoints, so a lost or repeated signal costs nothing.
 * In-process: one platform process serves the site today; several would relay these through PostgreSQL
 * LISTEN/NOTIFY behind the same two functions.
 */
export type MemberEvent =
  | { type: 'balance' }
  | { type: 'message' }
  | { type: 'loyalty' }
  /** The live-chat conversation changed (a staff message, a read mark, closed): refetch it. */
  | { type: 'chat' }
  /** Support is typing in the member's conversation (no refetch needed). */
  | { type: 'chat_typing' };

export const createPushService = () => {
  const emitter = new EventEmitter();
  // One listener per open site; the default limit of 10 would warn for a member with many tabs.
  emitter.setMaxListeners(0);
  return {
    /** Call after the transaction that changed something commits, never inside it. */
    publish: (memberId: bigint, event: MemberEvent): void => {
      emitter.emit(memberId.toString(), event);
    },
    subscribe: (memberId: bigint, listener: (event: MemberEvent) => void): (() => void) => {
      const key = memberId.toString();
      emitter.on(key, listener);
      return () => {
        emitter.off(key, listener);
      };
    },
    listenerCount: (memberId: bigint): number => emitter.listenerCount(memberId.toString()),
  };
};

export type PushService = ReturnType<typeof createPushService>;
