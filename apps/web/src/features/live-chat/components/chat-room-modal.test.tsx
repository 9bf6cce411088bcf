import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatConversation, ChatMessage } from '@wps/contracts/live-chat';
import type { MemberInfo } from '@wps/contracts/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildMemberInfo,
  fail,
  mockApi,
  ok,
  type MockReply,
  type MockRequest,
} from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { staffTypingShownMs } from '../api/use-chat-events';

type Route = MockReply | ((request: MockRequest) => MockReply);

/** An event stream the test writes to, as `/wps/member/events` answers. */
const createEventStream = () => {
  const encoder = new TextEncoder();
  const holder: { controller: ReadableStreamDefaultController<Uint8Array> | null } = { controller: null };
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      holder.controller = controller;
      controller.enqueue(encoder.encode('retry: 3000\n: connected\n\n'));
    },
    cancel: () => {
      holder.controller = null;
    },
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    isOpen: () => holder.controller !== null,
    send: (type: string) => {
      holder.controller?.enqueue(encoder.encode(`event: ${type}\ndata: {}\n\n`));
    },
  };
};

const conversationOf = (overrides: Partial<ChatConversation> = {}): ChatConversation => ({
  id: '1',
  status: 'open',
  assignedStaffId: '7',
  createdAt: '2026-01-02T03:04:05.000Z',
  lastMessageAt: '2026-01-02T03:04:05.000Z',
  closedAt: null,
  memberReadId: '0',
  staffReadId: '0',
  ...overrides,
});

const messageOf = (id: string, sender: ChatMessage['sender'], body: string): ChatMessage => ({
  id,
  sender,
  body,
  uploadId: null,
  createdAt: '2026-01-02T03:04:05.000Z',
});

/**
 * A logged-in member and a tiny chat server behind the mocked API: posts join the conversation, and the test
 * adds staff messages and moves the staff's read mark. Every event stream opened is kept to write to.
 */
const mockChat = (options: { member?: Partial<MemberInfo>; routes?: Record<string, Route> } = {}) => {
  window.sessionStorage.setItem('token', 'tok-1');
  window.sessionStorage.setItem('merchantCode', 'TESTBRAND');
  const chat = {
    conversation: null as ChatConversation | null,
    messages: [] as ChatMessage[],
    nextId: 1,
  };
  const addMessage = (sender: ChatMessage['sender'], body: string, uploadId: string | null = null) => {
    const message = { ...messageOf(String(chat.nextId), sender, body), uploadId };
    chat.nextId += 1;
    chat.conversation ??= conversationOf();
    chat.messages.push(message);
    if (sender === 'member') chat.conversation.memberReadId = message.id;
    return message;
  };
  const api = mockApi({
    'GET /wps/member/info': ok(buildMemberInfo(options.member)),
    'GET /wps/member/info/icon': ok({ avatarUrl: null }),
    'GET /wps/v2/wallets/balance': ok({ balance: '1000.00', currency: 'USD', currencySymbol: '$' }),
    'GET /wps/chat/conversation': () =>
      ok(
        chat.conversation === null
          ? null
          : { conversation: chat.conversation, messages: chat.messages, hasOlder: false },
      ),
    'POST /wps/chat/messages': (request) => {
      const { body, uploadId } = request.body as { body?: string; uploadId?: string };
      return ok(addMessage('member', body ?? '', uploadId ?? null));
    },
    'POST /wps/chat/read': (request) => {
      const { messageId } = request.body as { messageId: string };
      if (chat.conversation) chat.conversation.memberReadId = messageId;
      return ok({ readId: messageId });
    },
    'POST /wps/chat/typing': ok(null),
    'POST /wps/member/uploads': ok({
      id: '0b6c3f4e-8f1a-4c52-9d7e-2a1b3c4d5e6f',
      contentType: 'image/png',
      byteSize: 10,
    }),
    ...options.routes,
  });
  const streams: ReturnType<typeof createEventStream>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname !== '/wps/member/events') return api.fetchMock(input, init);
      const stream = createEventStream();
      streams.push(stream);
      return Promise.resolve(stream.response);
    }),
  );
  /** Sends a signal on every open stream (there is one: the site's own listener's). */
  const signal = (type: string) => {
    act(() => {
      for (const stream of streams) if (stream.isOpen()) stream.send(type);
    });
  };
  return { ...api, chat, addMessage, streams, signal };
};

const openChat = async (url = '/?modal=chat') => {
  renderApp(url, await buildSitePermission());
  return screen.findByTestId('chat-modal');
};

/** The chat room of a logged-in member, once their session has resolved and the composer shows. */
const openMemberChat = async () => {
  const modal = await openChat();
  await within(modal).findByTestId('chat-composer');
  return modal;
};

const messagesShown = () =>
  screen.queryAllByTestId('chat-message').map((item) => [item.dataset.sender, item.textContent]);

afterEach(() => {
  vi.useRealTimers();
});

describe('chat room modal', () => {
  it('sends a message, shows it on the member side and marks nothing it has not seen', async () => {
    const api = mockChat();
    const modal = await openMemberChat();
    expect(
      within(modal).getByRole('log', { name: 'Conversation with support' }).getAttribute('aria-live'),
    ).toBe('polite');
    expect(await within(modal).findByText(/Send us a message/)).toBeTruthy();

    const composer = within(modal).getByRole('textbox', { name: 'Message' });
    fireEvent.change(composer, { target: { value: '  Where is my deposit?  ' } });
    fireEvent.click(within(modal).getByTestId('chat-send'));

    await waitFor(() => {
      expect(messagesShown()).toEqual([['member', expect.stringContaining('Where is my deposit?')]]);
    });
    expect(api.requestsTo('POST /wps/chat/messages').map((request) => request.body)).toEqual([
      { body: 'Where is my deposit?' },
    ]);
    expect((composer as HTMLTextAreaElement).value).toBe('');
  });

  it('sends on Enter and starts a new line on Shift+Enter', async () => {
    const api = mockChat();
    const modal = await openMemberChat();
    const composer = within(modal).getByTestId('chat-composer');
    fireEvent.change(composer, { target: { value: 'First line' } });

    fireEvent.keyDown(composer, { key: 'Enter', shiftKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('POST /wps/chat/messages')).toHaveLength(0);

    fireEvent.keyDown(composer, { key: 'Enter' });
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/chat/messages')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/chat/messages')[0]?.body).toEqual({ body: 'First line' });
  });

  it('refuses an image over 5 MB before uploading, and uploads an accepted one as a chat image', async () => {
    const api = mockChat();
    const modal = await openMemberChat();
    const input = within(modal).getByLabelText('Attach an image');
    const tooLarge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'slip.png', { type: 'image/png' });

    fireEvent.change(input, { target: { files: [tooLarge] } });

    expect((await within(modal).findByRole('alert')).textContent).toBe('The image is larger than 5MB.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('POST /wps/member/uploads')).toHaveLength(0);
    expect(api.requestsTo('POST /wps/chat/messages')).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['png'], 'small.png', { type: 'image/png' })] } });
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/chat/messages')).toHaveLength(1);
    });
    const upload = api.fetchMock.mock.calls.find(
      ([input]) => typeof input === 'string' && input.endsWith('/wps/member/uploads'),
    );
    const form = upload?.[1]?.body;
    expect(form instanceof FormData ? form.get('purpose') : null).toBe('chat_image');
    expect(api.requestsTo('POST /wps/chat/messages')[0]?.body).toEqual({
      uploadId: '0b6c3f4e-8f1a-4c52-9d7e-2a1b3c4d5e6f',
    });
  });

  it("shows an image support sent, fetched from the conversation's image route", async () => {
    const api = mockChat({
      routes: {
        'GET /wps/chat/images/support-image': () =>
          new Response('png', { headers: { 'content-type': 'image/png' } }),
      },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:support-image');
    api.addMessage('member', 'What does it look like?');
    api.addMessage('staff', '', 'support-image');
    const modal = await openChat();

    const opener = await within(modal).findByRole('button', { name: 'Open the image full size' });
    expect(opener.querySelector('img')?.getAttribute('src')).toBe('blob:support-image');
    // Strict mode mounts twice in development, so the image may be asked for twice here.
    expect(api.requestsTo('GET /wps/chat/images/support-image').length).toBeGreaterThan(0);
    expect(api.requestsTo('GET /wps/member/uploads/support-image')).toHaveLength(0);
  });

  it("shows support's reply when a chat signal comes, and marks it read", async () => {
    const api = mockChat();
    api.addMessage('member', 'Hello?');
    const modal = await openChat();
    await waitFor(() => {
      expect(messagesShown()).toHaveLength(1);
    });
    await waitFor(() => {
      expect(api.streams.filter((stream) => stream.isOpen()).length).toBeGreaterThan(0);
    });

    const reply = api.addMessage('staff', 'Hi, how can I help?');
    api.signal('chat');

    await waitFor(() => {
      expect(messagesShown()).toEqual([
        ['member', expect.stringContaining('Hello?')],
        ['staff', expect.stringContaining('Hi, how can I help?')],
      ]);
    });
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/chat/read').map((request) => request.body)).toEqual([
        { messageId: reply.id },
      ]);
    });
    expect(within(modal).queryByTestId('chat-typing')).toBeNull();
    // The chat room listens to the site's one member event stream; it opens none of its own.
    expect(api.streams.filter((stream) => stream.isOpen())).toHaveLength(1);
  });

  it('shows "support is typing" on a typing signal for a few seconds', async () => {
    const api = mockChat();
    api.addMessage('member', 'Hello?');
    const modal = await openChat();
    await waitFor(() => {
      expect(messagesShown()).toHaveLength(1);
    });
    await waitFor(() => {
      expect(api.streams.filter((stream) => stream.isOpen()).length).toBeGreaterThan(0);
    });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });

    api.signal('chat_typing');
    expect((await within(modal).findByTestId('chat-typing')).textContent).toBe('Support is typing…');

    act(() => {
      vi.advanceTimersByTime(staffTypingShownMs - 500);
    });
    expect(within(modal).queryByTestId('chat-typing')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(within(modal).queryByTestId('chat-typing')).toBeNull();
  });

  it('puts "Read" under the member\'s last message once support has read up to it', async () => {
    const api = mockChat();
    api.addMessage('member', 'First question');
    api.addMessage('staff', 'Answer');
    const last = api.addMessage('member', 'Second question');
    if (api.chat.conversation) api.chat.conversation.staffReadId = '2';
    const modal = await openChat();
    await waitFor(() => {
      expect(messagesShown()).toHaveLength(3);
    });
    expect(within(modal).queryByTestId('chat-read-mark')).toBeNull();
    await waitFor(() => {
      expect(api.streams.filter((stream) => stream.isOpen()).length).toBeGreaterThan(0);
    });

    if (api.chat.conversation) api.chat.conversation.staffReadId = last.id;
    api.signal('chat');

    const mark = await within(modal).findByTestId('chat-read-mark');
    expect(mark.textContent).toBe('Read');
    const items = screen.getAllByTestId('chat-message');
    expect(items.at(-1)?.contains(mark)).toBe(true);
    expect(within(modal).getAllByTestId('chat-read-mark')).toHaveLength(1);
  });

  it('polls every 5 s while no event stream is connected', async () => {
    const api = mockChat();
    // No stream: the events endpoint refuses, as a proxy that buffers event streams would leave it.
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
        if (url.pathname === '/wps/member/events') return Promise.reject(new TypeError('offline'));
        return api.fetchMock(input, init);
      }),
    );
    api.addMessage('member', 'Hello?');
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    await openChat();
    await waitFor(() => {
      expect(messagesShown()).toHaveLength(1);
    });
    const asked = api.requestsTo('GET /wps/chat/conversation').length;
    api.addMessage('staff', 'Still there?');

    act(() => {
      vi.advanceTimersByTime(5_100);
    });

    await waitFor(() => {
      expect(messagesShown()).toHaveLength(2);
    });
    expect(api.requestsTo('GET /wps/chat/conversation').length).toBeGreaterThan(asked);
  });

  it('asks a visitor to log in and calls nothing of the chat', async () => {
    const api = mockApi({});
    const modal = await openChat('/promotions?modal=chat');
    const prompt = within(modal).getByTestId('chat-login-prompt');
    expect(prompt.textContent).toContain('Please log in to chat with our support team.');
    expect(within(prompt).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(api.requests.some((request) => request.url.pathname.startsWith('/wps/chat/'))).toBe(false);
    expect(within(modal).queryByTestId('chat-composer')).toBeNull();
  });

  it("tells a free-play account the server's refusal instead of offering the composer", async () => {
    mockChat({ member: { type: 4, isTrial: true } });
    const modal = await openChat();
    expect((await within(modal).findByTestId('chat-trial-notice')).textContent).toBe(
      'Please register a real account to use this function.',
    );
    expect(within(modal).queryByTestId('chat-composer')).toBeNull();
  });

  it("shows the server's refusal when it turns a message away", async () => {
    mockChat({ routes: { 'POST /wps/chat/messages': fail('RATE_LIMITED') } });
    const modal = await openMemberChat();
    fireEvent.change(within(modal).getByTestId('chat-composer'), { target: { value: 'Hello' } });
    fireEvent.click(within(modal).getByTestId('chat-send'));
    expect((await within(modal).findByRole('alert')).textContent).not.toBe('');
    expect(messagesShown()).toEqual([]);
  });
});

describe('the live chat entries', () => {
  it("open the chat room over the current page when the chat URL is the site's, and close back to it", async () => {
    mockChat({
      routes: {
        'GET /wps/lgw/games/game_menus': ok([]),
        'GET /wps/relay/CBS_modelList': ok({ list: [{ modelId: 'live-chat', title: 'Live chat' }] }),
        'GET /wps/relay/CBS_launchChat': (request) =>
          request.url.searchParams.get('modelId') === 'live-chat'
            ? ok({ chatUrl: '/?modal=chat' })
            : fail('FEATURE_DISABLED'),
      },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/promotions?tab=all', await buildSitePermission());

    fireEvent.click(await screen.findByTestId('live-chat-entry'));

    const modal = await screen.findByTestId('chat-modal');
    expect(window.location.pathname).toBe('/promotions');
    expect(new URLSearchParams(window.location.search).get('tab')).toBe('all');
    expect(open).not.toHaveBeenCalled();

    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByTestId('chat-modal')).toBeNull();
    });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/promotions?tab=all');
  });

  it("open a brand's external chat desk in a new tab", async () => {
    mockChat({
      routes: {
        'GET /wps/lgw/games/game_menus': ok([]),
        'GET /wps/relay/CBS_modelList': ok({ list: [{ modelId: 'live-chat', title: 'Live chat' }] }),
        'GET /wps/relay/CBS_launchChat': ok({ chatUrl: 'https://desk.example/room' }),
      },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/promotions', await buildSitePermission());

    fireEvent.click(await screen.findByTestId('live-chat-entry'));

    await waitFor(() => {
      expect(open).toHaveBeenCalledWith('https://desk.example/room', '_blank', 'noopener,noreferrer');
    });
    expect(screen.queryByTestId('chat-modal')).toBeNull();
  });
});
