import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorApiPrefix } from '../../platform';
import { createStaff, createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';

type Route = { method: HTTPMethods; url: string };

/** The operator routes open to anyone: the two steps of staff sign-in (password, then second factor). */
const openRoutes = new Set([
  `POST ${operatorApiPrefix}/session/login`,
  `POST ${operatorApiPrefix}/session/verify`,
]);

/**
 * The operator routes any signed-in staff member may use whatever their role (`anyStaffMember`): who they are,
 * signing out, changing their own password. Every other operator route declares a permission.
 */
const signedInRoutes = new Set([
  `GET ${operatorApiPrefix}/session/me`,
  `DELETE ${operatorApiPrefix}/session/logout`,
  `POST ${operatorApiPrefix}/session/password`,
]);

/**
 * Every route of the built app, read from Fastify's printed route tree (`printRoutes({ commonPrefix: false })`):
 * each line is a path piece under its parent's, by depth, with its methods in parentheses.
 */
const listRoutes = (tree: string): Route[] => {
  const routes: Route[] = [];
  const pathAtDepth: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', piece = '', methods] = match;
    const depth = indent.length / 4;
    const url = (pathAtDepth[depth - 1] ?? '') + piece;
    pathAtDepth[depth] = url;
    pathAtDepth.length = depth + 1;
    for (const method of methods?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
};

/** A value for every path parameter (and wildcard), so the request reaches the route. */
const withDummyParams = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*/g, '1');

describe('operator routes', () => {
  let subject: TestApp;
  let operatorRoutes: Route[];
  beforeAll(async () => {
    subject = await createTestApp();
    operatorRoutes = listRoutes(subject.app.printRoutes({ commonPrefix: false })).filter(
      // HEAD answers no body to read the code from; Fastify adds it to every GET with the same hooks.
      (route) => route.url.startsWith(`${operatorApiPrefix}/`) && route.method !== 'HEAD',
    );
  });
  afterAll(() => subject.close());

  it('are all found, nested ones included', () => {
    const listed = operatorRoutes.map((route) => `${route.method} ${route.url}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        `POST ${operatorApiPrefix}/session/login`,
        `GET ${operatorApiPrefix}/session/me`,
        `POST ${operatorApiPrefix}/withdrawals/:id/approve`,
        `DELETE ${operatorApiPrefix}/content/banners/:id`,
      ]),
    );
  });

  it('answer UNAUTHORIZED without a live staff session, all but the sign-in steps', async () => {
    const refusals: string[] = [];
    for (const route of operatorRoutes) {
      const name = `${route.method} ${route.url}`;
      if (openRoutes.has(name)) continue;
      for (const headers of [{}, { authorization: 'Bearer not-a-real-session-token-at-all' }]) {
        const response = await subject.app.inject({
          method: route.method,
          url: withDummyParams(route.url),
          headers,
        });
        refusals.push(
          `${name} ${String(response.statusCode)} ${response.json<{ code?: string }>().code ?? ''}`,
        );
      }
    }
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.filter((refusal) => !refusal.endsWith(' 401 UNAUTHORIZED'))).toEqual([]);
  });

  it('each declare a permission, all but the sign-in steps and the signed-in few (refused to a role holding none)', async () => {
    // A staff member whose role in the brand holds no permission at all: every route that declares one
    // refuses them; a route that declares none fails loudly (500) instead, and is listed here.
    const admin = await operatorHeaders(subject.app);
    const emptyRole = await subject.app.inject({
      method: 'POST',
      url: `${operatorApiPrefix}/roles`,
      headers: admin,
      payload: { name: 'Holds nothing', permissions: [] },
    });
    const nobody = await createStaff(subject.app, { role: 'content', username: 'holds-nothing' });
    const listed = await subject.app.inject({
      method: 'GET',
      url: `${operatorApiPrefix}/staff`,
      headers: admin,
    });
    const nobodyId = listed
      .json<{ value: { id: string; username: string }[] }>()
      .value.find((member) => member.username === 'holds-nothing')?.id;
    const assigned = await subject.app.inject({
      method: 'PATCH',
      url: `${operatorApiPrefix}/staff/${nobodyId ?? ''}`,
      headers: admin,
      payload: { roleId: emptyRole.json<{ value: { id: string } }>().value.id },
    });
    expect(assigned.json()).toMatchObject({ success: true, value: { role: { name: 'Holds nothing' } } });

    const undeclared: string[] = [];
    for (const route of operatorRoutes) {
      const name = `${route.method} ${route.url}`;
      if (openRoutes.has(name) || signedInRoutes.has(name)) continue;
      const response = await subject.app.inject({
        method: route.method,
        url: withDummyParams(route.url),
        headers: nobody,
      });
      const answer = `${String(response.statusCode)} ${response.json<{ code?: string }>().code ?? ''}`;
      if (answer !== '403 FORBIDDEN') undeclared.push(`${name} ${answer}`);
    }
    expect(undeclared).toEqual([]);

    const listedNames = new Set(operatorRoutes.map((route) => `${route.method} ${route.url}`));
    expect([...signedInRoutes].filter((name) => !listedNames.has(name))).toEqual([]);
    const me = await subject.app.inject({
      method: 'GET',
      url: `${operatorApiPrefix}/session/me`,
      headers: nobody,
    });
    expect(me.json()).toMatchObject({ success: true, value: { permissions: [] } });
  });
});
