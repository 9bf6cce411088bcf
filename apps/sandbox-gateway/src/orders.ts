import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** What a merchant sends to open a payment (POST /api/orders), signed with its secret. */
export const createOrderSchema = z.strictObject({
  merchantId: z.string().min(1).max(64),
  /** The merchant's own id of the payment (the platform's deposit id); one order per merchant and id. */
  orderId: z.string().min(1).max(64),
  amount: z.string().regex(/^\d{1,18}(\.\d{1,8})?$/, 'a positive decimal amount'),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Where the gateway posts the signed notice when the payment ends. */
  notifyUrl: z.url({ protocol: /^https?$/ }).max(1024),
  /** Where the player's browser goes after deciding. */
  returnUrl: z.url({ protocol: /^https?$/ }).max(1024),
});
export type CreateOrder = z.infer<typeof createOrderSchema>;

export type OrderStatus = 'pending' | 'paid' | 'failed';

export type Order = CreateOrder & {
  gatewayOrderId: string;
  status: OrderStatus;
  createdAt: Date;
  completedAt: Date | null;
  /** How the notice to the merchant went, for the finished page. */
  notice: { attempts: number; isDelivered: boolean; lastResult: string | null };
};

/** Enough for any demo or test run; the oldest orders are forgotten first. */
const maxOrders = 10_000;

/**
 * Orders in memory: this is a sandbox, and a restart forgetting unfinished payments is acceptable (the
 * platform's deposits stay pending). A real gateway keeps its orders in its own database.
 */
export const createOrderStore = () => {
  const byId = new Map<string, Order>();
  const byMerchantOrder = new Map<string, string>();
  const merchantKey = (merchantId: string, orderId: string) => `${merchantId}\u0000${orderId}`;

  return {
    find: (gatewayOrderId: string): Order | undefined => byId.get(gatewayOrderId),

    findByMerchantOrder: (merchantId: string, orderId: string): Order | undefined => {
      const id = byMerchantOrder.get(merchantKey(merchantId, orderId));
      return id === undefined ? undefined : byId.get(id);
    },

    create: (request: CreateOrder): Order => {
      const order: Order = {
        ...request,
        gatewayOrderId: `sbx_${randomBytes(12).toString('hex')}`,
        status: 'pending',
        createdAt: new Date(),
        completedAt: null,
        notice: { attempts: 0, isDelivered: false, lastResult: null },
      };
      byId.set(order.gatewayOrderId, order);
      byMerchantOrder.set(merchantKey(order.merchantId, order.orderId), order.gatewayOrderId);
      for (const [oldestId, oldest] of byId) {
        if (byId.size <= maxOrders) break;
        byId.delete(oldestId);
        byMerchantOrder.delete(merchantKey(oldest.merchantId, oldest.orderId));
      }
      return order;
    },
  };
};

export type OrderStore = ReturnType<typeof createOrderStore>;

/** True when a repeated create asks for exactly the order that exists. */
export const isSameOrder = (order: Order, request: CreateOrder): boolean =>
  order.amount === request.amount &&
  order.currency === request.currency &&
  order.notifyUrl === request.notifyUrl &&
  order.returnUrl === request.returnUrl;
