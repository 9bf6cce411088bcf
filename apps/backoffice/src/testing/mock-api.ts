import type { StaffProfile } from '@wps/contracts/backoffice';
import {
  type Permission,
  permissions,
  presetRoles,
  type PresetRoleKey,
} from '@wps/contracts/staff-permissions';
import { errorHttpStatus, errorMessages, type ErrorCode } from '@wps/contracts/errors';
import { vi } from 'vitest';

export type MockReply = { status: number; body: unknown } | Response;
export type MockRequest = { url: URL; method: string; body: unknown; headers: Headers };
type Route = MockReply | ((request: MockRequest) => MockReply);

export const ok = (value: unknown): MockReply => ({
  status: 200,
  body: { success: true, value, message: 'OK' },
});

export const fail = (code: ErrorCode, message: string = errorMessages[code]): MockReply => ({
  status: errorHttpStatus[code],
  body: { success: false, value: null, message, code },
});

/**
 * Stubs fetch with routes keyed "METHOD /wps/backoffice/path" (no query). Anything unrouted answers
 * NOT_FOUND. `requestsTo(key)` lists what the console sent there, in order.
 */
export const mockApi = (routes: Record<string, Route>) => {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { url, method, body, headers };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const reply =
      route === undefined ? fail('NOT_FOUND') : typeof route === 'function' ? route(request) : route;
    return Promise.resolve(
      reply instanceof Response ? reply : Response.json(reply.body, { status: reply.status }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  const requestsTo = (key: string): MockRequest[] =>
    requests.filter((request) => `${request.method} ${request.url.pathname}` === key);
  return { fetchMock, requests, requestsTo };
};

/** The signed-in operator: the brand's admin, holding every permission. */
export const demoStaff: StaffProfile = {
  id: '1',
  username: 'operator',
  displayName: 'Operator',
  role: { id: '1', name: 'Admin', presetKey: 'admin' },
  permissions: [...permissions],
  mustChangePassword: false,
};

/** The operator holding a preset role as every brand starts with it (finance, support …). */
export const staffOfPreset = (presetKey: PresetRoleKey): StaffProfile => ({
  ...demoStaff,
  role: { id: '2', name: presetRoles[presetKey].name, presetKey },
  permissions: [...presetRoles[presetKey].permissions],
});

/** The operator holding exactly these permissions (a role of an admin's own making). */
export const staffWith = (held: readonly Permission[]): StaffProfile => ({
  ...demoStaff,
  role: { id: '3', name: 'Custom', presetKey: null },
  permissions: [...held],
});

/** A signed-in operator: the token stored and /session/me answering. */
export const signedInRoutes = { 'GET /wps/backoffice/session/me': ok(demoStaff) };
export const signIn = (token = 'staff-token-1') => {
  window.sessionStorage.setItem('staffToken', token);
};
