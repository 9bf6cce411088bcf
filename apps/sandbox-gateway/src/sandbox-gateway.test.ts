import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandboxGateway, startSandboxGateway } from './sandbox-gateway';
import { isValidSignature, signBody } from './signature';

const secret = 'sandbox-test-secret-0123456789';

type Notice = { body: string; signature: string | undefined };

/** A merchant that records the notices it receives; `answers` decides its replies in turn, then success. */
const startMerchant = async () => {
  const notices: Notice[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['x-signature'];
      notices.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: typeof signature === 'string' ? signature : undefined,
      });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: status === 200, value: { status: 'credited' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    notices,
    answers,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
};

let gateway: RunningSandboxGateway;
let merchant: Awaited<ReturnType<typeof startMerchant>>;

beforeAll(async () => {
  gateway = await startSandboxGateway({
    host: '127.0.0.1',
    port: 0,
    lookupMerchantSecret: async (merchantId) => (merchantId === 'unknown' ? undefined : secret),
    retryDelaysMs: [20, 20],
  });
  merchant = await startMerchant();
});

afterAll(async () => {
  await gateway.close();
  await merchant.close();
});

let nextOrderId = 1;
const orderRequest = (overrides: Record<string, string> = {}) => ({
  merchantId: 'DEMO',
  orderId: String(nextOrderId++),
  amount: '25.50',
  currency: 'USD',
  notifyUrl: `${merchant.url}/notify`,
  returnUrl: 'http://localhost:8080/member?page=depositv2&deposit=1',
  ...overrides,
});

const createOrder = async (
  order: object,
  sign: (body: string) => string | undefined = (body) => signBody(secret, body),
) => {
  const body = JSON.stringify(order);
  const signature = sign(body);
  const response = await fetch(`${gateway.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature': signature } : {}) },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, string> };
};

const press = (paymentUrl: string, button: 'confirm' | 'decline' | 'notify-again') =>
  fetch(`${paymentUrl}/${button}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });

describe('creating an order', () => {
  it('answers the payment page for a correctly signed order, and the same order for a repeat', async () => {
    const order = orderRequest();
    const first = await createOrder(order);
    expect(first.status).toBe(200);
    expect(first.json.paymentUrl).toBe(`${gateway.url}/pay/${first.json.gatewayOrderId}`);
    const again = await createOrder(order);
    expect(again.json.gatewayOrderId).toBe(first.json.gatewayOrderId);
    const changed = await createOrder({ ...order, amount: '99.00' });
    expect(changed).toMatchObject({ status: 409, json: { error: 'ORDER_CONFLICT' } });
  });

  it('refuses a forged, missing or unknown merchant signature and a bad body', async () => {
    expect((await createOrder(orderRequest(), () => signBody('wrong-secret', 'x'))).status).toBe(401);
    expect((await createOrder(orderRequest(), () => undefined)).status).toBe(401);
    expect((await createOrder(orderRequest({ merchantId: 'unknown' }))).status).toBe(401);
    expect((await createOrder(orderRequest({ amount: '-1' }))).json.error).toBe('VALIDATION_FAILED');
    expect((await createOrder(orderRequest({ returnUrl: 'javascript:alert(1)' }))).status).toBe(400);
  });
});

describe('the payment page', () => {
  it('escapes what the merchant sent', async () => {
    const { json } = await createOrder(orderRequest({ orderId: '<script>alert(1)</script>' }));
    const page = await (await fetch(json.paymentUrl ?? '')).text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('&#60;script&#62;');
    expect(page).toContain('25.50 USD');
  });

  it('answers a page at its root, the address `npm start` prints', async () => {
    const response = await fetch(`${gateway.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Sandbox payment gateway');
  });

  it('answers 404 for an unknown payment', async () => {
    expect((await fetch(`${gateway.url}/pay/sbx_nothing`)).status).toBe(404);
  });
});

describe('paying', () => {
  it('posts the signed notice, sends the player back, and repeats the same notice on demand', async () => {
    const { json } = await createOrder(orderRequest());
    const paymentUrl = json.paymentUrl ?? '';
    const before = merchant.notices.length;
    const response = await press(paymentUrl, 'confirm');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://localhost:8080/member?page=depositv2&deposit=1');
    const notice = merchant.notices[before];
    expect(notice && isValidSignature(secret, notice.body, notice.signature)).toBe(true);
    expect(JSON.parse(notice?.body ?? '{}')).toMatchObject({
      merchantId: 'DEMO',
      gatewayOrderId: json.gatewayOrderId,
      amount: '25.50',
      currency: 'USD',
      status: 'paid',
    });
    expect(await (await fetch(paymentUrl)).text()).toContain('The merchant took the notice (1 attempt)');

    // A second decision changes nothing; "Send the notice again" sends the very same bytes.
    await press(paymentUrl, 'decline');
    expect((await press(paymentUrl, 'notify-again')).status).toBe(303);
    expect(merchant.notices.length).toBe(before + 2);
    expect(merchant.notices[before + 1]?.body).toBe(notice?.body);
  });

  it('retries a notice the merchant did not take', async () => {
    const { json } = await createOrder(orderRequest());
    const before = merchant.notices.length;
    merchant.answers.push(500);
    await press(json.paymentUrl ?? '', 'decline');
    await expect.poll(() => merchant.notices.length).toBe(before + 2);
    const statuses = merchant.notices
      .slice(before)
      .map((notice) => (JSON.parse(notice.body) as { status: string }).status);
    expect(statuses).toEqual(['failed', 'failed']);
    await expect
      .poll(async () => (await fetch(json.paymentUrl ?? '')).text())
      .toContain('The merchant took the notice (2 attempts)');
  });
});
