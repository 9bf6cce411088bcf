import type { MemberInfo } from '@wps/contracts/auth';
import type { ConsolidatedFunds } from '@wps/contracts/wallet';
import { vi } from 'vitest';
import { buildMemberInfo, mockApi, ok, type MockReply, type MockRequest } from '../../../testing/mock-api';

type Route = MockReply | ((request: MockRequest) => MockReply);

export const buildFunds = (overrides: Partial<ConsolidatedFunds> = {}): ConsolidatedFunds => ({
  currency: 'USD',
  currencySymbol: '$',
  mainWallet: '1000.00',
  pendingWithdrawal: '50.00',
  gameWallets: [],
  total: '1000.00',
  ...overrides,
});

/** An event stream the test writes to, as `/wps/member/events` answers. */
export const createEventStream = () => {
  const encoder = new TextEncoder();
  const holder: { controller: ReadableStreamDefaultController<Uint8Array> | null } = { controller: null };
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      holder.controller = controller;
    },
    cancel: () => {
      holder.controller = null;
    },
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    isOpen: () => holder.controller !== null,
    send: (text: string) => {
      holder.controller?.enqueue(encoder.encode(text));
    },
  };
};

/**
 * A logged-in member (token in session storage) with the given routes; `/wps/member/events` opens a stream
 * the test can write to (the latest one is `streams.at(-1)`).
 */
export const logInWithApi = (routes: Record<string, Route>, member: Partial<MemberInfo> = {}) => {
  window.sessionStorage.setItem('token', 'tok-1');
  window.sessionStorage.setItem('merchantCode', 'TESTBRAND');
  const api = mockApi({
    'GET /wps/member/info': ok(buildMemberInfo(member)),
    'GET /wps/member/info/icon': ok({ avatarUrl: null }),
    'GET /wps/v2/wallets/balance': ok({ balance: '1000.00', currency: 'USD', currencySymbol: '$' }),
    ...routes,
  });
  const streams: ReturnType<typeof createEventStream>[] = [];
  const eventRequests: Headers[] = [];
  const fetchWithEvents = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname !== '/wps/member/events') return api.fetchMock(input, init);
    eventRequests.push(new Headers(init?.headers));
    const stream = createEventStream();
    streams.push(stream);
    return Promise.resolve(stream.response);
  });
  vi.stubGlobal('fetch', fetchWithEvents);
  return { ...api, streams, eventRequests };
};
