import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import { gatewaySignatureHeader } from '@wps/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { GatewaySettings } from './payments.tables';

/** Hex HMAC-SHA256 of the body exactly as it travels, with the channel's secret; both directions. */
export const signGatewayBody = (secret: string, body: string | Buffer): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Constant-time comparison, so the answer's timing says nothing about how close a forged signature came. */
export const isValidGatewaySignature = (secret: string, body: Buffer, signature: unknown): boolean => {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signGatewayBody(secret, body), 'hex'), Buffer.from(signature, 'hex'));
};

/**
 * The platform's own address as a gateway on this machine reaches it: the port it really listens on (PORT=0
 * picks a free one), on localhost when it listens on every address or on loopback.
 */
export const ownUrl = (server: Server, host: string, configuredPort: number): string => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : configuredPort;
  const isLocal = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  return `http://${isLocal ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
};

/**
 * A channel whose gateway is the sandbox started beside the platform (no baseUrl): a test channel, whose
 * payments are pretend and whose notices count only while that sandbox runs.
 */
export const usesSandboxGateway = (settings: Pick<GatewaySettings, 'baseUrl'>): boolean =>
  settings.baseUrl === null;

export type GatewayOrderRequest = {
  /** Our deposit id; the gateway's notice names it as `orderId`. */
  orderId: string;
  amount: string;
  currency: string;
  notifyUrl: string;
  returnUrl: string;
};
export type GatewayOrder = { gatewayOrderId: string; paymentUrl: string };

const orderAnswerSchema = z.object({
  gatewayOrderId: z.string().min(1).max(64),
  paymentUrl: z.url({ protocol: /^https?$/ }).max(1024),
});

const unavailable = () => new AppError('GATEWAY_UNAVAILABLE');

/**
 * The adapter to the gateways of `provider: 'sandbox'` (the sandbox's API: POST /api/orders, signed like
 * the notices). A channel without a baseUrl uses the sandbox running beside the platform. Whatever goes
 * wrong (unreachable, slow, refused, a strange answer) is GATEWAY_UNAVAILABLE for the player and a warning
 * with the reason in the log for the operator.
 */
export const createGatewayClient = ({
  sandboxUrl,
  log,
  timeoutMs = 10_000,
}: {
  /** The sandbox started beside the platform; undefined when it is not running. */
  sandboxUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'warn'>;
  timeoutMs?: number;
}) => ({
  /**
   * Whether the platform believes notices for this channel: a sandbox channel's only while the sandbox runs
   * beside it (off in production unless asked for), so a signature made with its secret, which the sandbox
   * reads from the database, can never credit real balances where no sandbox is meant to be.
   */
  takesNoticesFor: (settings: GatewaySettings): boolean =>
    !usesSandboxGateway(settings) || sandboxUrl !== undefined,
  createOrder: async (settings: GatewaySettings, order: GatewayOrderRequest): Promise<GatewayOrder> => {
    const baseUrl = settings.baseUrl ?? sandboxUrl;
    if (!baseUrl) {
      log.warn({ merchantId: settings.merchantId }, 'gateway order: no baseUrl and no sandbox running');
      throw unavailable();
    }
    const body = JSON.stringify({ merchantId: settings.merchantId, ...order });
    let response: Response;
    try {
      response = await fetch(`${baseUrl.replace(/\/+$/, '')}/api/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [gatewaySignatureHeader]: signGatewayBody(settings.secret, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      log.warn({ err: error, baseUrl }, 'gateway order: the gateway is unreachable');
      throw unavailable();
    }
    const answer = orderAnswerSchema.safeParse(await response.json().catch(() => undefined));
    if (!response.ok || !answer.success) {
      log.warn({ status: response.status, baseUrl }, 'gateway order: the gateway refused or answered oddly');
      throw unavailable();
    }
    return answer.data;
  },
});

export type GatewayClient = ReturnType<typeof createGatewayClient>;
