import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { createNotifier } from './notifier';
import { createOrderSchema, createOrderStore, isSameOrder, type Order } from './orders';
import { renderHomePage, renderNotFoundPage, renderPaymentPage } from './payment-page';
import { isValidSignature, signatureHeader } from './signature';

export type SandboxGatewayOptions = {
  /**
   * The secret a merchant signs with. The platform starts the sandbox in its own process and hands it a
   * function that reads its sandbox channels; a real gateway keeps its merchants in its own store.
   */
  lookupMerchantSecret: (merchantId: string) => Promise<string | undefined>;
  /** Waits before each retry of a notice the merchant did not take; the first attempt is immediate. */
  retryDelaysMs?: readonly number[];
  attemptTimeoutMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** How Fastify logs each request (the platform's development one logs them at debug). */
  logController?: FastifyServerOptions['logController'];
};

export type RunningSandboxGateway = { url: string; close: () => Promise<void> };

const defaultRetryDelaysMs = [1_000, 3_000, 10_000, 30_000];
const paramsSchema = z.object({ gatewayOrderId: z.string().max(64) });

/** Errors of the API, as JSON: `{ error, message }`. */
const refuse = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.code(status).send({ error, message });

const securityHeaders = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * A small payment gateway for the demo and the tests. Merchants open an order with a signed request and
 * send the player to its payment page; the player pays or declines; the gateway then posts a signed notice
 * to the merchant (retrying until it is taken) and sends the player back to the merchant.
 * `publicUrl` is where browsers and merchants reach it, known once it listens.
 */
export const buildSandboxGateway = (
  options: SandboxGatewayOptions,
  publicUrl: () => string,
): FastifyInstance => {
  const app = Fastify({
    logger: options.logger ?? false,
    ...(options.logController ? { logController: options.logController } : {}),
  });
  const orders = createOrderStore();
  const notifier = createNotifier({
    lookupMerchantSecret: options.lookupMerchantSecret,
    retryDelaysMs: options.retryDelaysMs ?? defaultRetryDelaysMs,
    attemptTimeoutMs: options.attemptTimeoutMs ?? 5_000,
  });
  app.addHook('onClose', async () => notifier.close());

  // The signature covers the bytes as sent, so JSON stays raw until it has been checked.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  // The page's buttons post empty forms; nothing in them is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => {
    done(null, {});
  });

  const answerPage = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).headers(securityHeaders).type('text/html; charset=utf-8').send(html);

  const findOrder = (params: unknown): Order | undefined => {
    const parsed = paramsSchema.safeParse(params);
    return parsed.success ? orders.find(parsed.data.gatewayOrderId) : undefined;
  };

  const paymentUrlOf = (order: Order) => `${publicUrl()}/pay/${encodeURIComponent(order.gatewayOrderId)}`;

  app.post('/api/orders', async (request, reply) => {
    if (!Buffer.isBuffer(request.body)) {
      return refuse(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send application/json');
    }
    let json: unknown;
    try {
      json = JSON.parse(request.body.toString('utf8'));
    } catch {
      return refuse(reply, 400, 'MALFORMED_JSON', 'The body is not JSON');
    }
    const parsed = createOrderSchema.safeParse(json);
    if (!parsed.success) return refuse(reply, 400, 'VALIDATION_FAILED', z.prettifyError(parsed.error));
    const secret = await options.lookupMerchantSecret(parsed.data.merchantId);
    if (secret === undefined || !isValidSignature(secret, request.body, request.headers[signatureHeader])) {
      return refuse(reply, 401, 'SIGNATURE_INVALID', 'The signature is not valid');
    }
    const existing = orders.findByMerchantOrder(parsed.data.merchantId, parsed.data.orderId);
    if (existing && !isSameOrder(existing, parsed.data)) {
      return refuse(reply, 409, 'ORDER_CONFLICT', 'This order id was already used with other details');
    }
    // A repeated create (the merchant retrying after a lost answer) answers the same order.
    const order = existing ?? orders.create(parsed.data);
    return { gatewayOrderId: order.gatewayOrderId, paymentUrl: paymentUrlOf(order) };
  });

  // The address `npm start` prints: a page that says what this is, not a 404.
  app.get('/', async (_request, reply) => answerPage(reply, 200, renderHomePage()));

  app.get('/pay/:gatewayOrderId', async (request, reply) => {
    const order = findOrder(request.params);
    if (!order) return answerPage(reply, 404, renderNotFoundPage());
    return answerPage(reply, 200, renderPaymentPage(order));
  });

  const decide = (status: 'paid' | 'failed') => async (request: { params: unknown }, reply: FastifyReply) => {
    const order = findOrder(request.params);
    if (!order) return answerPage(reply, 404, renderNotFoundPage());
    // A decision is final; a second click (or the other button in another tab) changes nothing.
    if (order.status === 'pending') {
      order.status = status;
      order.completedAt = new Date();
      await notifier.deliver(order);
    }
    return reply.redirect(order.returnUrl, 303);
  };
  app.post('/pay/:gatewayOrderId/confirm', decide('paid'));
  app.post('/pay/:gatewayOrderId/decline', decide('failed'));

  app.post('/pay/:gatewayOrderId/notify-again', async (request, reply) => {
    const order = findOrder(request.params);
    if (!order) return answerPage(reply, 404, renderNotFoundPage());
    if (order.status !== 'pending') await notifier.sendAgain(order);
    return reply.redirect(`/pay/${encodeURIComponent(order.gatewayOrderId)}`, 303);
  });

  return app;
};

/** Where a server bound to `host` is reached from this machine. */
const localUrl = (host: string, port: number): string => {
  const isWildcardOrLoopback = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  if (isWildcardOrLoopback) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
};

/** Starts the sandbox on `port` (0: a free port) and answers its address. */
export const startSandboxGateway = async (
  options: SandboxGatewayOptions & { host: string; port: number },
): Promise<RunningSandboxGateway> => {
  let url = '';
  const app = buildSandboxGateway(options, () => url);
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  url = localUrl(options.host, typeof address === 'object' && address ? address.port : options.port);
  return { url, close: () => app.close() };
};
