import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorHeaders, type TestApp } from '../testing/test-app';

type OpenApiDocument = { openapi: string; paths: Record<string, unknown> };

/** The operator API is mapped for staff only; the player API's document stays public. */
describe('API documentation', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('shows a visitor the player API and no /wps/backoffice path', async () => {
    const json = await subject.app.inject({ url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    const paths = Object.keys(json.json<OpenApiDocument>().paths);
    expect(paths).toContain('/wps/system/status');
    expect(paths.filter((path) => path.startsWith('/wps/backoffice'))).toEqual([]);
    const yaml = await subject.app.inject({ url: '/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).not.toContain('/wps/backoffice');
  });

  it('serves the operator API document to a staff session only', async () => {
    const anonymous = await subject.app.inject({ url: '/docs/operator/json' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(anonymous.body).not.toContain('/wps/backoffice');

    const staff = await subject.app.inject({
      url: '/docs/operator/json',
      headers: await operatorHeaders(subject.app),
    });
    expect(staff.statusCode).toBe(200);
    const document = staff.json<OpenApiDocument>();
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.every((path) => path.startsWith('/wps/backoffice/'))).toBe(true);
  });
});
