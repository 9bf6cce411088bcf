import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage } from '@wps/contracts/live-chat';
import type { Permission } from '@wps/contracts/staff-permissions';
import { describe, expect, it, vi } from 'vitest';
import {
  type MockReply,
  type MockRequest,
  mockApi,
  ok,
  signedInRoutes,
  signIn,
  staffWith,
} from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';
import type { ChatQueueEntry, ChatTranscript } from './api';

const conversation = (id: string, overrides: Partial<ChatTranscript['conversation']> = {}) => ({
  id,
  status: 'waiting' as const,
  assignedStaffId: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  lastMessageAt: '2026-11-27T10:01:00.000Z',
  closedAt: null,
  memberReadId: '0',
  staffReadId: '0',
  ...overrides,
});

const message = (id: string, sender: ChatMessage['sender'], body: string): ChatMessage => ({
  id,
  sender,
  body,
  uploadId: null,
  createdAt: '2026-11-27T10:01:00.000Z',
});

const waitingEntry = (id: string, account: string, body: string, unreadCount = 1): ChatQueueEntry => ({
  conversation: conversation(id),
  member: { id: `9${id}`, account },
  lastMessage: message(`${id}00`, 'member', body),
  unreadCount,
});

/**
 * The server's side of one conversation (id 7, member chatplayer01): its state changes with the calls the
 * console makes, as the server's would, so what the screen shows after a call comes from a refetch.
 */
const conversationServer = () => {
  const state = {
    conversation: conversation('7'),
    messages: [message('70', 'member', 'Hello, my deposit is missing')],
  };
  const transcript = (): ChatTranscript => ({
    conversation: state.conversation,
    messages: state.messages,
    hasOlder: false,
    member: {
      id: '97',
      account: 'chatplayer01',
      nickname: 'Chatty',
      registeredAt: '2026-01-02T09:00:00.000Z',
    },
  });
  const routes = {
    'GET /wps/backoffice/chat/conversations/7': () => ok(transcript()),
    'POST /wps/backoffice/chat/conversations/7/assign': () => {
      state.conversation = { ...state.conversation, status: 'open', assignedStaffId: '1' };
      return ok(state.conversation);
    },
    'POST /wps/backoffice/chat/conversations/7/messages': (request: MockRequest) => {
      const { body = null, uploadId = null } = request.body as { body?: string; uploadId?: string };
      const sent = { ...message(String(71 + state.messages.length), 'staff', ''), body, uploadId };
      state.messages = [...state.messages, sent];
      return ok(sent);
    },
    'POST /wps/backoffice/chat/conversations/7/read': (request: MockRequest) => {
      const { messageId } = request.body as { messageId: string };
      state.conversation = { ...state.conversation, staffReadId: messageId };
      return ok({ readId: messageId });
    },
    'POST /wps/backoffice/chat/conversations/7/typing': ok(null),
  };
  return { state, routes };
};

/** The staff's event stream: every connection gets a stream the test writes frames into. */
const eventStream = () => {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const encoder = new TextEncoder();
  return {
    route: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start: (started) => {
            controller = started;
            started.enqueue(encoder.encode('retry: 2000\n\n: connected\n\n'));
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
    send: (frame: string) => {
      controller?.enqueue(encoder.encode(frame));
    },
    isOpen: () => controller !== undefined,
  };
};

const cannedReplies = {
  list: [
    { id: '3', title: 'Greeting', body: 'Hi, thanks for waiting.' },
    { id: '4', title: 'Deposit check', body: 'Let me check your deposit.' },
  ],
};

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>;

const openLiveChat = (path: string, routes: Routes, permissions?: Permission[]) => {
  signIn();
  const api = mockApi({
    ...signedInRoutes,
    ...(permissions === undefined ? {} : { 'GET /wps/backoffice/session/me': ok(staffWith(permissions)) }),
    'GET /wps/backoffice/chat/conversations': ok({ list: [], totalPages: 1 }),
    'GET /wps/backoffice/chat/canned-replies': ok(cannedReplies),
    ...routes,
  });
  renderConsole(path);
  return api;
};

describe('the live chat desk', () => {
  it('lists the waiting conversations with their member, last message and unread count', async () => {
    const api = openLiveChat('/live-chat', {
      'GET /wps/backoffice/chat/conversations': (request) =>
        ok({
          list:
            request.url.searchParams.get('status') === 'waiting'
              ? [waitingEntry('7', 'chatplayer01', 'Hello, my deposit is missing', 2)]
              : [],
          totalPages: 1,
        }),
    });

    const row = await screen.findByTestId('chat-queue-row-7');
    expect(row.textContent).toContain('chatplayer01');
    expect(row.textContent).toContain('Hello, my deposit is missing');
    expect(within(row).getByTestId('chat-queue-unread').textContent).toBe('2 unread');
    const asked = api.requestsTo('GET /wps/backoffice/chat/conversations')[0]?.url.searchParams;
    expect(asked?.get('status')).toBe('waiting');

    // "Mine": the open conversations assigned to the staff member.
    fireEvent.click(screen.getByTestId('chat-tab-mine'));
    expect(await screen.findByTestId('chat-queue-empty')).toBeTruthy();
    const mine = api.requestsTo('GET /wps/backoffice/chat/conversations').at(-1)?.url.searchParams;
    expect([mine?.get('status'), mine?.get('assigned')]).toEqual(['open', 'me']);
  });

  it('refetches the queue when the stream signals it changed, without a reload', async () => {
    const stream = eventStream();
    let entries = [waitingEntry('7', 'chatplayer01', 'Hello')];
    const api = openLiveChat('/live-chat', {
      'GET /wps/backoffice/chat/events': stream.route,
      'GET /wps/backoffice/chat/conversations': () => ok({ list: entries, totalPages: 1 }),
    });
    await screen.findByTestId('chat-queue-row-7');
    await waitFor(() => {
      expect(stream.isOpen()).toBe(true);
    });
    expect(api.requestsTo('GET /wps/backoffice/chat/events')[0]?.headers.get('authorization')).toBe(
      'Bearer staff-token-1',
    );

    entries = [...entries, waitingEntry('8', 'chatplayer02', 'Anyone there?')];
    stream.send('event: queue\ndata: {}\n\n');

    expect(await screen.findByTestId('chat-queue-row-8')).toBeTruthy();
  });

  it('opens a conversation, marks it read and shows the member beside it', async () => {
    const server = conversationServer();
    const api = openLiveChat('/live-chat', {
      ...server.routes,
      'GET /wps/backoffice/chat/conversations': ok({
        list: [waitingEntry('7', 'chatplayer01', 'Hello')],
        totalPages: 1,
      }),
    });
    fireEvent.click(await screen.findByTestId('chat-queue-row-7'));

    const log = await screen.findByRole('log', { name: 'Messages with chatplayer01' });
    const shown = await within(log).findByTestId('chat-message');
    expect(shown.getAttribute('data-sender')).toBe('member');
    expect(shown.textContent).toContain('Hello, my deposit is missing');
    const member = screen.getByTestId('chat-member');
    expect(member.textContent).toContain('Chatty');
    expect(within(member).getByTestId('chat-member-link').getAttribute('href')).toBe(
      '/backoffice/members?member=97',
    );
    expect(window.location.search).toBe('?conversation=7');
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/chat/conversations/7/read')[0]?.body).toEqual({
        messageId: '70',
      });
    });
  });

  it('takes a waiting conversation: assigns it to the staff member', async () => {
    const server = conversationServer();
    const api = openLiveChat('/live-chat?conversation=7', server.routes);

    expect((await screen.findByTestId('chat-assignment')).textContent).toBe('Waiting for support');
    fireEvent.click(screen.getByTestId('chat-take'));

    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/chat/conversations/7/assign')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/backoffice/chat/conversations/7/assign')[0]?.body).toEqual({});
    await waitFor(() => {
      expect(screen.getByTestId('chat-assignment').textContent).toBe('Assigned to you');
    });
    expect(screen.queryByTestId('chat-take')).toBeNull();
  });

  it('sends a reply and shows it in the transcript', async () => {
    const server = conversationServer();
    const api = openLiveChat('/live-chat?conversation=7', server.routes);

    const text = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' });
    fireEvent.change(text, { target: { value: '  We are looking into it.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/chat/conversations/7/messages')[0]?.body).toEqual({
        body: 'We are looking into it.',
      });
    });
    const log = screen.getByRole('log');
    await waitFor(() => {
      const staffMessages = within(log)
        .getAllByTestId('chat-message')
        .filter((item) => item.getAttribute('data-sender') === 'staff');
      expect(staffMessages.map((item) => item.querySelector('.chat-message__body')?.textContent)).toEqual([
        'We are looking into it.',
      ]);
    });
    expect(text.value).toBe('');
  });

  it('sends an image chosen in the reply box and shows it from the chat image route', async () => {
    const server = conversationServer();
    const api = openLiveChat('/live-chat?conversation=7', {
      ...server.routes,
      'POST /wps/backoffice/chat/images': ok({ id: 'image-1', contentType: 'image/png', byteSize: 4 }),
      'GET /wps/backoffice/chat/images/image-1': () =>
        new Response('png!', { headers: { 'content-type': 'image/png' } }),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:chat-image');

    const input = await screen.findByLabelText('Attach an image');
    fireEvent.change(input, { target: { files: [new File(['png!'], 'page.png', { type: 'image/png' })] } });

    await waitFor(() => {
      expect(api.requestsTo('POST /wps/backoffice/chat/conversations/7/messages')[0]?.body).toEqual({
        uploadId: 'image-1',
      });
    });
    const image = await screen.findByRole<HTMLImageElement>('img', { name: 'Image from Support' });
    expect(image.src).toBe('blob:chat-image');
    expect(api.requestsTo('GET /wps/backoffice/chat/images/image-1')).toHaveLength(1);
  });

  it('inserts a canned reply into the reply box', async () => {
    const server = conversationServer();
    openLiveChat('/live-chat?conversation=7', server.routes);

    const text = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' });
    fireEvent.change(text, { target: { value: 'Dear member. ' } });
    const picker = screen.getByRole('combobox', { name: 'Canned reply' });
    await within(picker).findByRole('option', { name: 'Deposit check' });
    fireEvent.change(picker, { target: { value: '4' } });

    expect(text.value).toBe('Dear member. Let me check your deposit.');
  });

  it('shows the transcript but no reply box, Take or Close to staff without chat.reply', async () => {
    const server = conversationServer();
    const api = openLiveChat('/live-chat?conversation=7', server.routes, ['chat.view']);

    await screen.findByRole('log', { name: 'Messages with chatplayer01' });
    expect(screen.queryByRole('form', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
    expect(screen.queryByTestId('chat-take')).toBeNull();
    expect(screen.queryByTestId('chat-close')).toBeNull();
    expect(screen.queryByTestId('chat-canned-panel')).toBeNull();
    expect(api.requestsTo('GET /wps/backoffice/chat/canned-replies')).toEqual([]);
  });

  it('shows the member’s next message when the stream signals the conversation', async () => {
    const stream = eventStream();
    const server = conversationServer();
    openLiveChat('/live-chat?conversation=7', {
      ...server.routes,
      'GET /wps/backoffice/chat/events': stream.route,
    });
    const log = await screen.findByRole('log');
    await waitFor(() => {
      expect(stream.isOpen()).toBe(true);
    });

    stream.send('event: conversation:7\ndata: {"change":"typing"}\n\n');
    await waitFor(() => {
      expect(screen.getByTestId('chat-member-typing').textContent).toBe('chatplayer01 is typing…');
    });

    server.state.messages = [...server.state.messages, message('72', 'member', 'Any news?')];
    stream.send('event: conversation:7\ndata: {"change":"message"}\n\n');
    await waitFor(() => {
      expect(within(log).getAllByTestId('chat-message').at(-1)?.textContent).toContain('Any news?');
    });
    expect(screen.getByTestId('chat-member-typing').textContent).toBe('');
  });

  it('lets staff with chat.manage add and delete canned replies', async () => {
    let list = [...cannedReplies.list];
    const api = openLiveChat('/live-chat', {
      'GET /wps/backoffice/chat/canned-replies': () => ok({ list }),
      'POST /wps/backoffice/chat/canned-replies': (request) => {
        const added = { id: '5', ...(request.body as { title: string; body: string }) };
        list = [...list, added];
        return ok(added);
      },
      'DELETE /wps/backoffice/chat/canned-replies/3': () => {
        list = list.filter((reply) => reply.id !== '3');
        return ok(null);
      },
    });
    const panel = await screen.findByTestId('chat-canned-panel');
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Title' }), { target: { value: 'Bye' } });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Text' }), {
      target: { value: 'Have a nice day.' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add canned reply' }));
    expect(await within(panel).findByTestId('chat-canned-5')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/chat/canned-replies')[0]?.body).toEqual({
      title: 'Bye',
      body: 'Have a nice day.',
    });

    fireEvent.click(within(panel).getByRole('button', { name: 'Delete canned reply Greeting' }));
    await waitFor(() => {
      expect(within(panel).queryByTestId('chat-canned-3')).toBeNull();
    });
  });
});
