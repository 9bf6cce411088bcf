import { MemberType } from '@wps/contracts/auth';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaff,
  createTestApp,
  loginAsMember,
  operatorHeaders,
  type TestApp,
} from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { staff } from '../backoffice/backoffice.tables';
import { members } from '../members/members.tables';
import { memberMessages } from '../messages/messages.tables';
import type { MemberEvent } from '../push/push.service';
import { brands } from '../site/site.tables';
import type { StaffChatEvent } from './live-chat.service';
import { chatConversations } from './live-chat.tables';

type Envelope<T = unknown> = { success: boolean; code?: string; value: T; message: string };
const envelopeOf = <T = unknown>(response: LightMyRequestResponse): Envelope<T> => response.json();

type Conversation = {
  id: string;
  status: string;
  assignedStaffId: string | null;
  memberReadId: string;
  staffReadId: string;
};
type Message = { id: string; sender: string; body: string | null; uploadId: string | null };
type Transcript = { conversation: Conversation; messages: Message[]; hasOlder: boolean };
type QueueEntry = {
  conversation: Conversation;
  member: { account: string };
  lastMessage: Message | null;
  unreadCount: number;
};

const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));

/** Issue 28 item 3: our own live chat, member side and staff side. */
describe('live chat', () => {
  let testApp: TestApp;
  let brandId: bigint;
  let staffHeaders: Record<string, string>;
  let memberNumber = 0;

  beforeAll(async () => {
    testApp = await createTestApp();
    const [demo] = await testApp.database.db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!demo) throw new Error('no demo brand');
    brandId = demo.id;
    staffHeaders = await createStaff(testApp.app, { role: 'support', username: 'chat-support' });
  });
  afterAll(() => testApp.close());

  const createMember = async (type: number = MemberType.member) => {
    memberNumber += 1;
    const username = `chatter${memberNumber.toString()}`;
    await testApp.database.db
      .insert(members)
      .values({ brandId, username, nickname: `Nick ${username}`, passwordHash: 'not a hash', type });
    return loginAsMember(testApp, username);
  };
  const memberCall = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url: `/wps${url}`,
      headers: { authorization },
      ...(payload ? { payload } : {}),
    });
  const staffCall = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = staffHeaders,
  ) =>
    testApp.app.inject({
      method,
      url: `/wps/backoffice${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const post = async (authorization: string, payload: object) =>
    envelopeOf<Message>(await memberCall(authorization, 'POST', '/chat/messages', payload));
  const current = async (authorization: string) =>
    envelopeOf<Transcript | null>(await memberCall(authorization, 'GET', '/chat/conversation')).value;
  const inboxOf = (memberId: bigint, kind: 'chat_received' | 'chat_answered' = 'chat_received') =>
    testApp.database.db
      .select()
      .from(memberMessages)
      .where(and(eq(memberMessages.memberId, memberId), eq(memberMessages.kind, kind)));
  /** A staff stream open on the brand (what decides whether a member's message leaves an inbox ticket). */
  const watchStaffEvents = () => {
    const received: StaffChatEvent[] = [];
    const stop = testApp.app.liveChat.liveChat.events.subscribe(brandId, (event) => received.push(event));
    return { received, stop };
  };

  it('carries a member message to the staff queue and the staff reply back, read on both sides', async () => {
    const { member, authorization } = await createMember();
    const watcher = watchStaffEvents();
    const written = await post(authorization, { body: '  I cannot withdraw  ' });
    expect(written).toMatchObject({ success: true, value: { sender: 'member', body: 'I cannot withdraw' } });
    expect(watcher.received).toContainEqual({ type: 'queue' });

    const queue = envelopeOf<{ list: QueueEntry[] }>(
      await staffCall('GET', '/chat/conversations?status=waiting'),
    );
    const entry = queue.value.list.find((item) => item.member.account === member.username);
    expect(entry).toMatchObject({
      conversation: { status: 'waiting', assignedStaffId: null },
      lastMessage: { body: 'I cannot withdraw' },
      unreadCount: 1,
    });
    const id = entry?.conversation.id ?? '';

    const assigned = envelopeOf<Conversation>(
      await staffCall('POST', `/chat/conversations/${id}/assign`, {}),
    );
    expect(assigned.value).toMatchObject({ status: 'open' });
    expect(assigned.value.assignedStaffId).not.toBeNull();
    const audited = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'chat_conversation'), eq(auditEvents.entityId, id)));
    expect(audited.map((event) => event.action)).toEqual(['chat.conversation.assign']);

    const events: MemberEvent[] = [];
    const unsubscribe = testApp.push.subscribe(member.id, (event) => events.push(event));
    const answer = envelopeOf<Message>(
      await staffCall('POST', `/chat/conversations/${id}/messages`, { body: 'Let me check that for you.' }),
    );
    unsubscribe();
    watcher.stop();
    expect(answer.value).toMatchObject({ sender: 'staff', body: 'Let me check that for you.' });
    expect(events).toContainEqual({ type: 'chat' });

    const seen = await current(authorization);
    expect(seen?.messages.map((message) => [message.sender, message.body])).toEqual([
      ['member', 'I cannot withdraw'],
      ['staff', 'Let me check that for you.'],
    ]);
    const read = envelopeOf<{ readId: string }>(
      await memberCall(authorization, 'POST', '/chat/read', { messageId: answer.value.id }),
    );
    expect(read.value.readId).toBe(answer.value.id);
    const transcript = envelopeOf<Transcript & { member: { account: string; nickname: string } }>(
      await staffCall('GET', `/chat/conversations/${id}`),
    ).value;
    expect(transcript.conversation.memberReadId).toBe(answer.value.id);
    expect(transcript.member).toMatchObject({
      account: member.username,
      nickname: `Nick ${member.username}`,
    });
    expect(transcript.conversation.staffReadId).toBe(answer.value.id);
  });

  it('moves read marks forward only, and only to messages of the conversation', async () => {
    const { authorization } = await createMember();
    const first = (await post(authorization, { body: 'one' })).value;
    const second = (await post(authorization, { body: 'two' })).value;
    const conversationId = (await current(authorization))?.conversation.id ?? '';
    const staffRead = async (messageId: string) =>
      envelopeOf<{ readId: string }>(
        await staffCall('POST', `/chat/conversations/${conversationId}/read`, { messageId }),
      ).value.readId;
    expect(await staffRead(second.id)).toBe(second.id);
    expect(await staffRead(first.id)).toBe(second.id);
    // A message of another conversation moves nothing.
    const other = await createMember();
    const foreign = (await post(other.authorization, { body: 'elsewhere' })).value;
    expect(BigInt(foreign.id)).toBeGreaterThan(BigInt(second.id));
    expect(await staffRead(foreign.id)).toBe(second.id);
    // The member's own mark follows their own message; an older id does not take it back.
    const memberRead = envelopeOf<{ readId: string }>(
      await memberCall(authorization, 'POST', '/chat/read', { messageId: first.id }),
    );
    expect(memberRead.value.readId).toBe(second.id);
  });

  it('opens one conversation for a burst of ten opens', async () => {
    const { member, authorization } = await createMember();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => memberCall(authorization, 'POST', '/chat/conversation')),
    );
    const ids = new Set(answers.map((answer) => envelopeOf<Conversation>(answer).value.id));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const rows = await testApp.database.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.memberId, member.id));
    expect(rows).toHaveLength(1);
  });

  it('lets exactly ten messages of a burst through the rate limit', async () => {
    const { authorization } = await createMember();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, index) => post(authorization, { body: `burst ${index.toString()}` })),
    );
    expect(answers.filter((answer) => answer.success)).toHaveLength(10);
    expect(answers.filter((answer) => answer.code === 'RATE_LIMITED')).toHaveLength(5);
    expect((await current(authorization))?.messages).toHaveLength(10);
  });

  it('refuses free-play members, empty and control-character messages', async () => {
    const trial = await createMember(MemberType.trial);
    expect((await post(trial.authorization, { body: 'hello' })).code).toBe('TRIAL_NOT_ALLOWED');
    const { authorization } = await createMember();
    expect((await post(authorization, { body: '   ' })).code).toBe('VALIDATION_FAILED');
    expect((await post(authorization, {})).code).toBe('VALIDATION_FAILED');
    expect((await post(authorization, { body: 'bell \u0007' })).code).toBe('VALIDATION_FAILED');
    expect((await post(authorization, { body: 'x'.repeat(2001) })).code).toBe('VALIDATION_FAILED');
    expect(await current(authorization)).toBeNull();
  });

  it('refuses staff without chat.view, and keeps each brand to its own conversations', async () => {
    const { authorization } = await createMember();
    await post(authorization, { body: 'is anyone there?' });
    const conversationId = (await current(authorization))?.conversation.id ?? '';

    const finance = await createStaff(testApp.app, { role: 'finance', username: 'chat-finance' });
    expect(envelopeOf(await staffCall('GET', '/chat/conversations', undefined, finance)).code).toBe(
      'FORBIDDEN',
    );
    expect(
      envelopeOf(await staffCall('GET', `/chat/conversations/${conversationId}`, undefined, finance)).code,
    ).toBe('FORBIDDEN');

    const [demo] = await testApp.database.db.select().from(brands).where(eq(brands.id, brandId));
    if (!demo) throw new Error('no demo brand');
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = demo;
    await testApp.database.db.insert(brands).values({ ...rest, merchantCode: 'CHATOTHER' });
    const elsewhere = await operatorHeaders(testApp.app, 'CHATOTHER');
    expect(
      envelopeOf(await staffCall('GET', `/chat/conversations/${conversationId}`, undefined, elsewhere)).code,
    ).toBe('NOT_FOUND');
    expect(
      envelopeOf(
        await staffCall('POST', `/chat/conversations/${conversationId}/messages`, { body: 'hi' }, elsewhere),
      ).code,
    ).toBe('NOT_FOUND');
    const otherQueue = envelopeOf<{ list: QueueEntry[] }>(
      await staffCall('GET', '/chat/conversations', undefined, elsewhere),
    );
    expect(otherQueue.value.list.map((item) => item.conversation.id)).not.toContain(conversationId);
    // Support staff of the other brand hold no role in this one.
    const otherSupport = await createStaff(
      testApp.app,
      { role: 'support', username: 'chat-other' },
      'CHATOTHER',
    );
    expect(
      envelopeOf(
        await staffCall('GET', `/chat/conversations/${conversationId}`, undefined, {
          ...otherSupport,
          'x-merchant-code': 'DEMO',
        }),
      ).code,
    ).toBe('FORBIDDEN');
  });

  it('closes with a system message, and the next member message opens a new conversation', async () => {
    const { authorization } = await createMember();
    await post(authorization, { body: 'thanks, all good' });
    const first = (await current(authorization))?.conversation.id ?? '';
    const closed = envelopeOf<Conversation>(await staffCall('POST', `/chat/conversations/${first}/close`));
    expect(closed.value.status).toBe('closed');
    const afterClose = await current(authorization);
    expect(afterClose?.conversation).toMatchObject({ id: first, status: 'closed' });
    expect(afterClose?.messages.at(-1)).toMatchObject({ sender: 'system' });
    expect(
      envelopeOf(await staffCall('POST', `/chat/conversations/${first}/messages`, { body: 'late' })).code,
    ).toBe('ALREADY_PROCESSED');

    await post(authorization, { body: 'one more question' });
    const next = await current(authorization);
    expect(next?.conversation.id).not.toBe(first);
    expect(next?.conversation.status).toBe('waiting');
    expect(next?.messages.map((message) => message.body)).toEqual(['one more question']);
  });

  it("sends the member's own chat image and refuses someone else's upload", async () => {
    const owner = await createMember();
    const { member, authorization } = await createMember();
    const { uploads } = testApp.app.uploads;
    const theirs = await uploads.store({ brandId, memberId: owner.member.id }, 'chat_image', png);
    const own = await uploads.store({ brandId, memberId: member.id }, 'chat_image', png);
    const refused = await post(authorization, { uploadId: theirs.id });
    expect(refused.code).toBe('VALIDATION_FAILED');
    const sent = await post(authorization, { uploadId: own.id, body: 'screenshot' });
    expect(sent.value).toMatchObject({ uploadId: own.id, body: 'screenshot' });
    expect(
      await testApp.app.liveChat.liveChat.findReferencedUploads([{ id: own.id, memberId: null }]),
    ).toEqual([own.id]);
  });

  it('lets support attach an image, and shows each image only inside its conversation', async () => {
    const { authorization } = await createMember();
    const stranger = await createMember();
    const { member: sender, authorization: senderAuth } = await createMember();
    const memberImage = await testApp.app.uploads.uploads.store(
      { brandId, memberId: sender.id },
      'chat_image',
      png,
    );
    await post(senderAuth, { uploadId: memberImage.id });
    await post(authorization, { body: 'what does the bonus page look like?' });
    const id = (await current(authorization))?.conversation.id ?? '';

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'page.png');
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/wps/backoffice/chat/images',
      headers: staffHeaders,
      payload: form,
    });
    const image = envelopeOf<{ id: string }>(uploaded).value;
    const disguised = new FormData();
    disguised.append('file', new Blob(['<svg/>'], { type: 'image/png' }), 'page.png');
    expect(
      envelopeOf(
        await testApp.app.inject({
          method: 'POST',
          url: '/wps/backoffice/chat/images',
          headers: staffHeaders,
          payload: disguised,
        }),
      ).code,
    ).toBe('UPLOAD_INVALID_TYPE');
    // A staff upload for another purpose is no chat image.
    const [support] = await testApp.database.db
      .select()
      .from(staff)
      .where(eq(staff.username, 'chat-support'));
    if (!support) throw new Error('no support staff');
    const banner = await testApp.app.uploads.uploads.store(
      { brandId, staffId: support.id },
      'promotion_image',
      png,
    );
    expect(
      envelopeOf(await staffCall('POST', `/chat/conversations/${id}/messages`, { uploadId: banner.id })).code,
    ).toBe('VALIDATION_FAILED');
    const sent = envelopeOf<Message>(
      await staffCall('POST', `/chat/conversations/${id}/messages`, { uploadId: image.id }),
    );
    expect(sent.value).toMatchObject({ sender: 'staff', uploadId: image.id });

    const seen = await memberCall(authorization, 'GET', `/chat/images/${image.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.rawPayload.equals(png)).toBe(true);
    // Another member sees neither support's image nor another member's.
    expect(envelopeOf(await memberCall(stranger.authorization, 'GET', `/chat/images/${image.id}`)).code).toBe(
      'NOT_FOUND',
    );
    expect(
      envelopeOf(await memberCall(stranger.authorization, 'GET', `/chat/images/${memberImage.id}`)).code,
    ).toBe('NOT_FOUND');
    // Support reads the member's image through the chat, without uploads.view.
    const staffSeen = await staffCall('GET', `/chat/images/${memberImage.id}`);
    expect(staffSeen.statusCode).toBe(200);
    expect(envelopeOf(await staffCall('GET', `/chat/images/${banner.id}`)).code).toBe('NOT_FOUND');
  });

  it('leaves one inbox message per waiting conversation when no staff is online, none when one is', async () => {
    const offline = await createMember();
    await post(offline.authorization, { body: 'hello?' });
    await post(offline.authorization, { body: 'anyone?' });
    expect(await inboxOf(offline.member.id)).toHaveLength(1);

    const watcher = watchStaffEvents();
    const online = await createMember();
    await post(online.authorization, { body: 'hello' });
    watcher.stop();
    expect(await inboxOf(online.member.id)).toHaveLength(0);
  });

  it("puts support's first written answer to a ticket in the member's inbox, once", async () => {
    const offline = await createMember();
    await post(offline.authorization, { body: 'my withdrawal is late' });
    const id = (await current(offline.authorization))?.conversation.id ?? '';
    const answer = (payload: object) => staffCall('POST', `/chat/conversations/${id}/messages`, payload);
    const events: MemberEvent[] = [];
    const unsubscribe = testApp.push.subscribe(offline.member.id, (event) => events.push(event));
    await answer({ body: 'It was approved a minute ago.' });
    await answer({ body: 'Anything else?' });
    unsubscribe();
    const answered = await inboxOf(offline.member.id, 'chat_answered');
    expect(answered.map((message) => message.params)).toEqual([{ reply: 'It was approved a minute ago.' }]);
    expect(events).toContainEqual({ type: 'message' });

    // A conversation answered while it was live (no ticket) leaves nothing in the inbox.
    const watcher = watchStaffEvents();
    const online = await createMember();
    await post(online.authorization, { body: 'quick question' });
    watcher.stop();
    const liveId = (await current(online.authorization))?.conversation.id ?? '';
    await staffCall('POST', `/chat/conversations/${liveId}/messages`, { body: 'Sure, go ahead.' });
    expect(await inboxOf(online.member.id, 'chat_answered')).toHaveLength(0);
  });

  it('keeps canned replies per brand: chat.manage to create and delete, chat.reply to read', async () => {
    const adminHeaders = await operatorHeaders(testApp.app);
    expect(
      envelopeOf(await staffCall('POST', '/chat/canned-replies', { title: 'Hi', body: 'Hello!' })).code,
    ).toBe('FORBIDDEN');
    const created = envelopeOf<{ id: string }>(
      await staffCall(
        'POST',
        '/chat/canned-replies',
        { title: 'Greeting', body: 'Hello, how can I help?' },
        adminHeaders,
      ),
    );
    expect(created.success).toBe(true);
    const list = envelopeOf<{ list: Array<{ title: string }> }>(
      await staffCall('GET', '/chat/canned-replies'),
    );
    expect(list.value.list.map((reply) => reply.title)).toContain('Greeting');
    expect(
      envelopeOf(
        await staffCall('DELETE', `/chat/canned-replies/${created.value.id}`, undefined, adminHeaders),
      ).success,
    ).toBe(true);
    expect(
      envelopeOf<{ list: unknown[] }>(await staffCall('GET', '/chat/canned-replies')).value.list,
    ).toEqual([]);
  });
});
