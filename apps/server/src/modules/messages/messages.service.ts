import type { MemberMessage, MessageKind } from '@wps/contracts/messages';
import type { Database, Executor } from '../../db/database';
import type { PushService } from '../push/push.service';
import * as repository from './messages.repository';

export type OutgoingMessage = {
  brandId: bigint;
  memberId: bigint;
  kind: MessageKind;
  params: Record<string, string>;
  title: string;
  body: string;
};

const toMemberMessage = (row: repository.MemberMessageRow): MemberMessage => ({
  id: row.id.toString(),
  kind: row.kind as MessageKind,
  params: row.params,
  title: row.title,
  body: row.body,
  isRead: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** The member inbox. Other domains write to it inside their own transaction and signal after commit. */
export const createMessageService = ({ db, push }: { db: Database; push: PushService }) => ({
  send: (executor: Executor, message: OutgoingMessage): Promise<bigint> =>
    repository.insertMessage(executor, message),

  /** Tell the member's open sites a message arrived; call after the sending transaction commits. */
  notify: (memberId: bigint): void => {
    push.publish(memberId, { type: 'message' });
  },

  list: async (memberId: bigint, page: { pageNo: number; pageSize: number }) => {
    const [rows, total, unread] = await Promise.all([
      repository.listMessages(db, memberId, page.pageSize, (page.pageNo - 1) * page.pageSize),
      repository.countMessages(db, memberId, false),
      repository.countMessages(db, memberId, true),
    ]);
    return { list: rows.map(toMemberMessage), totalPages: Math.ceil(total / page.pageSize), unread };
  },

  unreadCount: (memberId: bigint): Promise<number> => repository.countMessages(db, memberId, true),

  /** getUnreadMessageV2: the count and the newest unread message. */
  getUnread: async (memberId: bigint) => {
    const [count, latest] = await Promise.all([
      repository.countMessages(db, memberId, true),
      repository.findLatestUnread(db, memberId),
    ]);
    return { count, latest: latest ? toMemberMessage(latest) : null };
  },

  // Reading or deleting signals the member's other open sites too, so every tab's count stays right.
  markRead: async (memberId: bigint, ids: string[] | 'all'): Promise<number> => {
    const changed = await repository.markMessagesRead(db, memberId, ids === 'all' ? 'all' : ids.map(BigInt));
    if (changed > 0) push.publish(memberId, { type: 'message' });
    return changed;
  },

  delete: async (memberId: bigint, ids: string[]): Promise<number> => {
    const changed = await repository.deleteMessages(db, memberId, ids.map(BigInt));
    if (changed > 0) push.publish(memberId, { type: 'message' });
    return changed;
  },
});

export type MessageService = ReturnType<typeof createMessageService>;
