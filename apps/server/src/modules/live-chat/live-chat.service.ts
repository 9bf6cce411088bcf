import { EventEmitter } from 'node:events';
import type {
  ChatConversation,
  ChatMessage,
  ChatMessageRequest,
  ChatQueueQuery,
} from '@wps/contracts/live-chat';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AttemptRule, returnAttempt, takeAttempt } from '../attempts/attempts.service';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { BackofficeService } from '../backoffice/backoffice.service';
import type { MemberService } from '../members/members.service';
import type { MessageService } from '../messages/messages.service';
import type { PushService } from '../push/push.service';
import type { UploadCandidate, UploadService } from '../uploads/uploads.service';
import * as repository from './live-chat.repository';
import type { ChatMessageRow, ConversationRow } from './live-chat.repository';

/** What the staff's event stream signals: the queue changed, or one conversation did. */
export type StaffChatEvent =
  | { type: 'queue' }
  | { type: 'conversation'; conversationId: string; change: 'message' | 'read' | 'typing' | 'status' };

/**
 * Signals to the staff's open consoles, per brand. In-process like the members' push service (one platform
 * process today; several would relay these through PostgreSQL LISTEN/NOTIFY behind the same functions). The
 * number of listeners of a brand is the number of its staff streams open, which decides the offline ticket.
 */
export const createStaffChatEvents = () => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    /** Call after the transaction that changed something commits, never inside it. */
    publish: (brandId: bigint, event: StaffChatEvent): void => {
      emitter.emit(brandId.toString(), event);
    },
    subscribe: (brandId: bigint, listener: (event: StaffChatEvent) => void): (() => void) => {
      const key = brandId.toString();
      emitter.on(key, listener);
      return () => {
        emitter.off(key, listener);
      };
    },
    connectedCount: (brandId: bigint): number => emitter.listenerCount(brandId.toString()),
  };
};
export type StaffChatEvents = ReturnType<typeof createStaffChatEvents>;

export type LiveChatDependencies = {
  db: Database;
  push: PushService;
  staffEvents: StaffChatEvents;
  messages: MessageService;
  uploads: UploadService;
  members: MemberService;
  backoffice: BackofficeService;
};

type ChatMember = { id: bigint; brandId: bigint };
type StaffActor = AuditActor & { type: 'staff' };
type TranscriptPage = { before?: string | undefined; limit: number };

/** A member's messages: 10 in any 10 seconds; a burst over it gets exactly 10 through. */
export const memberMessageRule: AttemptRule = { name: 'chat.member-message', limit: 10, windowMs: 10_000 };

/** What the member's inbox says when no staff member was online to take the conversation. */
const ticketMessage = {
  title: 'Support received your message',
  body: 'No one from support is online right now. We received your message and will answer it in the live chat.',
};
const closedMessage = 'The conversation was closed by support.';
/** Support's first written answer to a ticket, in the member's inbox (the site words it from the kind). */
const answerMessage = (reply: string) => ({
  kind: 'chat_answered' as const,
  params: { reply },
  title: 'Support answered your message',
  body: `Support answered your chat message: “${reply}” Open the live chat to continue the conversation.`,
});

export const toChatConversation = (row: ConversationRow): ChatConversation => ({
  id: row.id.toString(),
  status: row.status as ChatConversation['status'],
  assignedStaffId: row.assignedStaffId?.toString() ?? null,
  createdAt: row.createdAt.toISOString(),
  lastMessageAt: row.lastMessageAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
  memberReadId: row.memberReadId.toString(),
  staffReadId: row.staffReadId.toString(),
});

export const toChatMessage = (row: ChatMessageRow): ChatMessage => ({
  id: row.id.toString(),
  sender: row.sender as ChatMessage['sender'],
  body: row.body,
  uploadId: row.uploadId,
  createdAt: row.createdAt.toISOString(),
});

const invalidUpload = () =>
  new AppError('VALIDATION_FAILED', { issues: [{ field: 'uploadId', message: 'invalid' }] });

/** The member's image must be their own chat upload. */
const checkMemberUpload = async (deps: LiveChatDependencies, member: ChatMember, uploadId: string) => {
  const upload = await deps.uploads.findOwned(member.brandId, member.id, uploadId);
  if (upload?.purpose !== 'chat_image') throw invalidUpload();
};

/** The staff member's image must be their own chat upload in the brand. */
const checkStaffUpload = async (
  deps: LiveChatDependencies,
  brandId: bigint,
  staffId: bigint,
  uploadId: string,
) => {
  const upload = await deps.uploads.read(uploadId).catch(() => undefined);
  if (
    upload?.row.staffId !== staffId ||
    upload.row.brandId !== brandId ||
    upload.row.purpose !== 'chat_image'
  ) {
    throw invalidUpload();
  }
};

/** The bytes of a message's image when it is in a conversation of `scope` (whoever sent it); else NOT_FOUND. */
const readConversationImage = async (
  deps: LiveChatDependencies,
  uploadId: string,
  scope: { brandId: bigint; memberId?: bigint },
) => {
  if (!(await repository.isConversationImage(deps.db, uploadId, scope))) throw new AppError('NOT_FOUND');
  return deps.uploads.read(uploadId);
};

const transcriptOf = async (executor: Executor, conversation: ConversationRow, page: TranscriptPage) => {
  const { messages, hasOlder } = await repository.listMessages(executor, conversation.id, {
    before: page.before === undefined ? undefined : BigInt(page.before),
    limit: page.limit,
  });
  return { conversation: toChatConversation(conversation), messages: messages.map(toChatMessage), hasOlder };
};

/**
 * A member's message, in the conversation not closed (opened when there is none). When it waits for staff and
 * no staff member of the brand has the console's chat open, the member's inbox is told, once per conversation.
 */
const postMemberMessage = async (
  deps: LiveChatDependencies,
  member: ChatMember,
  request: ChatMessageRequest,
): Promise<ChatMessage> => {
  const key = member.id.toString();
  const attempt = await takeAttempt(deps.db, memberMessageRule, key);
  if (!attempt.isAllowed) throw new AppError('RATE_LIMITED');
  try {
    if (request.uploadId !== undefined) await checkMemberUpload(deps, member, request.uploadId);
    const isStaffOnline = deps.staffEvents.connectedCount(member.brandId) > 0;
    const { message, conversation, isTicketSent } = await deps.db.transaction(async (tx) => {
      const opened = await repository.openConversation(
        tx,
        { brandId: member.brandId, memberId: member.id },
        { lock: true },
      );
      const now = new Date();
      const inserted = await repository.insertMessage(tx, {
        conversationId: opened.conversation.id,
        sender: 'member',
        staffId: null,
        body: request.body ?? null,
        uploadId: request.uploadId ?? null,
        createdAt: now,
      });
      const updated = await repository.updateConversation(tx, opened.conversation.id, {
        lastMessageAt: now,
        memberReadId: inserted.id,
      });
      const sendsTicket =
        updated.status === 'waiting' &&
        !isStaffOnline &&
        (await repository.markTicketSent(tx, updated.id, now));
      if (sendsTicket) {
        await deps.messages.send(tx, {
          brandId: member.brandId,
          memberId: member.id,
          kind: 'chat_received',
          params: {},
          ...ticketMessage,
        });
      }
      return { message: inserted, conversation: updated, isTicketSent: sendsTicket };
    });
    if (isTicketSent) deps.messages.notify(member.id);
    deps.push.publish(member.id, { type: 'chat' });
    deps.staffEvents.publish(member.brandId, { type: 'queue' });
    deps.staffEvents.publish(member.brandId, {
      type: 'conversation',
      conversationId: conversation.id.toString(),
      change: 'message',
    });
    return toChatMessage(message);
  } catch (error) {
    // A message refused (an image not theirs) does not count against the member's limit.
    await returnAttempt(deps.db, memberMessageRule, key);
    throw error;
  }
};

/** The conversation in the staff member's brand, locked, and not closed. */
const lockOpenConversation = async (executor: Executor, brandId: bigint, id: bigint) => {
  const conversation = await repository.findConversationInBrand(executor, brandId, id, { lock: true });
  if (!conversation) throw new AppError('NOT_FOUND');
  if (conversation.status === 'closed') throw new AppError('ALREADY_PROCESSED');
  return conversation;
};

/** Assigns to a staff member (waiting → open), audited in the same transaction. */
const assignInTransaction = async (
  tx: Executor,
  actor: StaffActor,
  conversation: ConversationRow,
  staffId: bigint,
): Promise<ConversationRow> => {
  const updated = await repository.updateConversation(tx, conversation.id, {
    status: 'open',
    assignedStaffId: staffId,
  });
  await recordAuditEvent(tx, {
    actor,
    action: 'chat.conversation.assign',
    entityType: 'chat_conversation',
    entityId: conversation.id.toString(),
    before: {
      status: conversation.status,
      assignedStaffId: conversation.assignedStaffId?.toString() ?? null,
    },
    after: { status: updated.status, assignedStaffId: staffId.toString() },
  });
  return updated;
};

/** Someone else may be given the conversation only when their role in the brand lets them reply. */
const checkAssignee = async (deps: LiveChatDependencies, brandId: bigint, staffId: bigint) => {
  const [staffList, roles] = await Promise.all([
    deps.backoffice.listStaff(brandId),
    deps.backoffice.listRoles(brandId),
  ]);
  const assignee = staffList.find((entry) => entry.id === staffId.toString() && entry.isActive);
  const role = roles.find((entry) => entry.id === assignee?.role?.id);
  if (!role?.permissions.includes('chat.reply')) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'staffId', message: 'invalid' }] });
  }
};

const signalConversation = (
  deps: LiveChatDependencies,
  conversation: ConversationRow,
  change: 'message' | 'read' | 'typing' | 'status',
  { isQueueChanged }: { isQueueChanged: boolean },
) => {
  if (isQueueChanged) deps.staffEvents.publish(conversation.brandId, { type: 'queue' });
  deps.staffEvents.publish(conversation.brandId, {
    type: 'conversation',
    conversationId: conversation.id.toString(),
    change,
  });
};

const assignConversation = async (
  deps: LiveChatDependencies,
  actor: StaffActor,
  brandId: bigint,
  id: bigint,
  staffId: bigint | undefined,
): Promise<ChatConversation> => {
  const assignee = staffId ?? BigInt(actor.id);
  if (assignee.toString() !== actor.id) await checkAssignee(deps, brandId, assignee);
  const updated = await deps.db.transaction(async (tx) =>
    assignInTransaction(tx, actor, await lockOpenConversation(tx, brandId, id), assignee),
  );
  signalConversation(deps, updated, 'status', { isQueueChanged: true });
  return toChatConversation(updated);
};

/** A staff reply; a waiting conversation becomes the replier's. The member's open site refetches. */
const postStaffReply = async (
  deps: LiveChatDependencies,
  actor: StaffActor,
  brandId: bigint,
  id: bigint,
  request: ChatMessageRequest,
): Promise<ChatMessage> => {
  const staffId = BigInt(actor.id);
  if (request.uploadId !== undefined) await checkStaffUpload(deps, brandId, staffId, request.uploadId);
  const { message, conversation, answersTicket } = await deps.db.transaction(async (tx) => {
    const locked = await lockOpenConversation(tx, brandId, id);
    const assigned =
      locked.status === 'waiting' ? await assignInTransaction(tx, actor, locked, staffId) : locked;
    const now = new Date();
    const inserted = await repository.insertMessage(tx, {
      conversationId: assigned.id,
      sender: 'staff',
      staffId,
      body: request.body ?? null,
      uploadId: request.uploadId ?? null,
      createdAt: now,
    });
    const updated = await repository.updateConversation(tx, assigned.id, {
      lastMessageAt: now,
      staffReadId: inserted.id,
    });
    // The member left word with no one online: the first written answer reaches their inbox as well.
    const answersTicket =
      inserted.body !== null && (await repository.markTicketAnswered(tx, updated.id, now));
    if (answersTicket && inserted.body !== null) {
      await deps.messages.send(tx, {
        brandId: updated.brandId,
        memberId: updated.memberId,
        ...answerMessage(inserted.body),
      });
    }
    return { message: inserted, conversation: updated, answersTicket };
  });
  if (answersTicket) deps.messages.notify(conversation.memberId);
  deps.push.publish(conversation.memberId, { type: 'chat' });
  signalConversation(deps, conversation, 'message', { isQueueChanged: true });
  return toChatMessage(message);
};

const closeConversation = async (
  deps: LiveChatDependencies,
  actor: StaffActor,
  brandId: bigint,
  id: bigint,
): Promise<ChatConversation> => {
  const closed = await deps.db.transaction(async (tx) => {
    const locked = await lockOpenConversation(tx, brandId, id);
    const now = new Date();
    await repository.insertMessage(tx, {
      conversationId: locked.id,
      sender: 'system',
      staffId: null,
      body: closedMessage,
      uploadId: null,
      createdAt: now,
    });
    const updated = await repository.updateConversation(tx, locked.id, {
      status: 'closed',
      closedAt: now,
      lastMessageAt: now,
    });
    await recordAuditEvent(tx, {
      actor,
      action: 'chat.conversation.close',
      entityType: 'chat_conversation',
      entityId: locked.id.toString(),
      before: { status: locked.status },
      after: { status: 'closed' },
    });
    return updated;
  });
  deps.push.publish(closed.memberId, { type: 'chat' });
  signalConversation(deps, closed, 'status', { isQueueChanged: true });
  return toChatConversation(closed);
};

const listQueueForStaff = async (
  deps: LiveChatDependencies,
  brandId: bigint,
  staffId: bigint,
  query: ChatQueueQuery,
) => {
  const filter: repository.QueueFilter = {
    brandId,
    status: query.status,
    assignedStaffId:
      query.assigned === 'me' ? staffId : query.assigned === 'unassigned' ? 'unassigned' : undefined,
  };
  const [rows, total] = await Promise.all([
    repository.listQueue(deps.db, filter, {
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    }),
    repository.countQueue(deps.db, filter),
  ]);
  const names = new Map(
    (await deps.members.findByIds([...new Set(rows.map((row) => row.conversation.memberId))])).map(
      (member) => [member.id, member.username] as const,
    ),
  );
  return {
    list: rows.map((row) => ({
      conversation: toChatConversation(row.conversation),
      member: {
        id: row.conversation.memberId.toString(),
        account: names.get(row.conversation.memberId) ?? '',
      },
      lastMessage: row.lastMessage ? toChatMessage(row.lastMessage) : null,
      unreadCount: row.unreadCount,
    })),
    totalPages: Math.ceil(total / query.pageSize),
  };
};

const readTranscriptForStaff = async (
  deps: LiveChatDependencies,
  brandId: bigint,
  id: bigint,
  page: TranscriptPage,
) => {
  const conversation = await repository.findConversationInBrand(deps.db, brandId, id);
  if (!conversation) throw new AppError('NOT_FOUND');
  const [transcript, member] = await Promise.all([
    transcriptOf(deps.db, conversation, page),
    deps.members.findById(conversation.memberId),
  ]);
  if (!member) throw new AppError('NOT_FOUND');
  return {
    ...transcript,
    member: {
      id: member.id.toString(),
      account: member.username,
      nickname: member.nickname,
      registeredAt: member.createdAt.toISOString(),
    },
  };
};

const createMemberSide = (deps: LiveChatDependencies) => ({
  /** The member's conversation not closed, opened when there is none (a burst opens one). */
  open: async (member: ChatMember): Promise<ChatConversation> => {
    const { conversation, isNew } = await repository.openConversation(
      deps.db,
      { brandId: member.brandId, memberId: member.id },
      { lock: false },
    );
    if (isNew) deps.staffEvents.publish(member.brandId, { type: 'queue' });
    return toChatConversation(conversation);
  },

  /** The latest conversation (the one not closed, else the last closed one) with a page of its messages. */
  current: async (member: ChatMember, page: TranscriptPage) => {
    const conversation = await repository.findLatestConversationOfMember(deps.db, member.id);
    return conversation ? transcriptOf(deps.db, conversation, page) : null;
  },

  post: (member: ChatMember, request: ChatMessageRequest) => postMemberMessage(deps, member, request),

  /** An image of the member's conversations, theirs or one support sent. */
  image: (member: ChatMember, uploadId: string) =>
    readConversationImage(deps, uploadId, { brandId: member.brandId, memberId: member.id }),

  /** Moves the member's read mark forward to a message of their latest conversation; never back. */
  read: async (member: ChatMember, messageId: string): Promise<{ readId: string }> => {
    const conversation = await repository.findLatestConversationOfMember(deps.db, member.id);
    if (!conversation) throw new AppError('NOT_FOUND');
    const mark = await repository.moveReadMark(deps.db, conversation.id, 'member', BigInt(messageId));
    if (mark !== conversation.memberReadId)
      signalConversation(deps, conversation, 'read', { isQueueChanged: false });
    return { readId: mark.toString() };
  },

  /** Tells the staff watching the conversation that the member is typing; nothing is stored. */
  typing: async (member: ChatMember): Promise<null> => {
    const conversation = await repository.findLatestConversationOfMember(deps.db, member.id);
    if (conversation && conversation.status !== 'closed') {
      signalConversation(deps, conversation, 'typing', { isQueueChanged: false });
    }
    return null;
  },
});

const createStaffSide = (deps: LiveChatDependencies) => ({
  queue: (brandId: bigint, staffId: bigint, query: ChatQueueQuery) =>
    listQueueForStaff(deps, brandId, staffId, query),

  transcript: (brandId: bigint, id: bigint, page: TranscriptPage) =>
    readTranscriptForStaff(deps, brandId, id, page),

  assign: (actor: StaffActor, brandId: bigint, id: bigint, staffId: bigint | undefined) =>
    assignConversation(deps, actor, brandId, id, staffId),

  reply: (actor: StaffActor, brandId: bigint, id: bigint, request: ChatMessageRequest) =>
    postStaffReply(deps, actor, brandId, id, request),

  /** An image of the brand's conversations. */
  image: (brandId: bigint, uploadId: string) => readConversationImage(deps, uploadId, { brandId }),

  /** Stores a staff member's image for a reply, under the members' chat rules (png or jpg, 5 MB). */
  upload: (brandId: bigint, staffId: bigint, bytes: Buffer) =>
    deps.uploads.store({ brandId, staffId }, 'chat_image', bytes),

  /** Moves the staff's read mark forward; the member's open site shows it read. */
  read: async (brandId: bigint, id: bigint, messageId: string): Promise<{ readId: string }> => {
    const conversation = await repository.findConversationInBrand(deps.db, brandId, id);
    if (!conversation) throw new AppError('NOT_FOUND');
    const mark = await repository.moveReadMark(deps.db, conversation.id, 'staff', BigInt(messageId));
    if (mark !== conversation.staffReadId) {
      deps.push.publish(conversation.memberId, { type: 'chat' });
      signalConversation(deps, conversation, 'read', { isQueueChanged: true });
    }
    return { readId: mark.toString() };
  },

  typing: async (brandId: bigint, id: bigint): Promise<null> => {
    const conversation = await repository.findConversationInBrand(deps.db, brandId, id);
    if (!conversation) throw new AppError('NOT_FOUND');
    if (conversation.status !== 'closed') {
      deps.push.publish(conversation.memberId, { type: 'chat_typing' });
      signalConversation(deps, conversation, 'typing', { isQueueChanged: false });
    }
    return null;
  },

  close: (actor: StaffActor, brandId: bigint, id: bigint) => closeConversation(deps, actor, brandId, id),
});

const createCannedReplies = ({ db }: Pick<LiveChatDependencies, 'db'>) => ({
  list: async (brandId: bigint) => ({
    list: (await repository.listCannedReplies(db, brandId)).map((row) => ({
      id: row.id.toString(),
      title: row.title,
      body: row.body,
    })),
  }),

  create: async (actor: StaffActor, brandId: bigint, reply: { title: string; body: string }) => {
    const row = await db.transaction(async (tx) => {
      const inserted = await repository.insertCannedReply(tx, { brandId, ...reply });
      await recordAuditEvent(tx, {
        actor,
        action: 'chat.canned_reply.create',
        entityType: 'chat_canned_reply',
        entityId: inserted.id.toString(),
        after: reply,
      });
      return inserted;
    });
    return { id: row.id.toString(), title: row.title, body: row.body };
  },

  delete: async (actor: StaffActor, brandId: bigint, id: bigint): Promise<null> => {
    await db.transaction(async (tx) => {
      const deleted = await repository.deleteCannedReply(tx, brandId, id);
      if (!deleted) throw new AppError('NOT_FOUND');
      await recordAuditEvent(tx, {
        actor,
        action: 'chat.canned_reply.delete',
        entityType: 'chat_canned_reply',
        entityId: id.toString(),
        before: { title: deleted.title, body: deleted.body },
      });
    });
    return null;
  },
});

/** Live chat between members and the brand's support staff. */
export const createLiveChatService = (deps: LiveChatDependencies) => ({
  member: createMemberSide(deps),
  staff: createStaffSide(deps),
  cannedReplies: createCannedReplies(deps),
  events: deps.staffEvents,

  /** Which of these uploads are a chat message's image (the upload purge keeps them). */
  findReferencedUploads: (candidates: readonly UploadCandidate[]) =>
    repository.listReferencedUploads(
      deps.db,
      candidates.map((candidate) => candidate.id),
    ),
});

export type LiveChatService = ReturnType<typeof createLiveChatService>;
