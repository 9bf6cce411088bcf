import type { Order } from './orders';

/** Everything shown comes from a merchant's request, so every value is escaped before it enters the page. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const layout = (title: string, content: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f3f4f6; margin: 0; padding: 2rem 1rem; color: #111827; }
  main { max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem;
    box-shadow: 0 1px 4px rgba(0, 0, 0, 0.12); }
  h1 { font-size: 1.25rem; margin: 0 0 0.25rem; }
  .sandbox { color: #92400e; background: #fef3c7; padding: 0.5rem 0.75rem; border-radius: 8px; font-size: 0.875rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
  dt { color: #6b7280; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1rem; }
  button, a.button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 8px; border: 1px solid #d1d5db;
    background: #fff; cursor: pointer; color: inherit; text-decoration: none; }
  button.primary { background: #16a34a; border-color: #16a34a; color: #fff; }
  .status-paid { color: #15803d; }
  .status-failed { color: #b91c1c; }
</style>
</head>
<body><main>${content}</main></body>
</html>
`;

const details = (order: Order): string => `<dl>
  <dt>Merchant</dt><dd>${escapeHtml(order.merchantId)}</dd>
  <dt>Order</dt><dd>${escapeHtml(order.orderId)}</dd>
  <dt>Amount</dt><dd>${escapeHtml(order.amount)} ${escapeHtml(order.currency)}</dd>
</dl>`;

const postButton = (action: string, label: string, className = ''): string =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit"${
    className ? ` class="${className}"` : ''
  }>${escapeHtml(label)}</button></form>`;

const noticeLine = (order: Order): string => {
  const { attempts, isDelivered, lastResult } = order.notice;
  const tries = `${attempts} attempt${attempts === 1 ? '' : 's'}`;
  if (isDelivered) return `The merchant took the notice (${tries}).`;
  return `The merchant has not taken the notice yet (${tries}${
    lastResult ? `, last: ${escapeHtml(lastResult)}` : ''
  }); it is retried a few times.`;
};

/** The payment page: the order and the two decisions while pending; the outcome and the notice after. */
export const renderPaymentPage = (order: Order): string => {
  const base = `/pay/${encodeURIComponent(order.gatewayOrderId)}`;
  const header = `<h1>Sandbox Pay</h1>
<p class="sandbox">Sandbox payment gateway: no real money moves.</p>
${details(order)}`;
  if (order.status === 'pending') {
    return layout(
      'Sandbox Pay',
      `${header}
<div class="actions">${postButton(`${base}/confirm`, 'Pay', 'primary')}${postButton(`${base}/decline`, 'Decline')}</div>`,
    );
  }
  const outcome = order.status === 'paid' ? 'Paid' : 'Declined';
  return layout(
    `Sandbox Pay: ${outcome}`,
    `${header}
<p class="status-${order.status}"><strong>${outcome}</strong> at ${escapeHtml(order.completedAt?.toISOString() ?? '')}</p>
<p>${noticeLine(order)}</p>
<div class="actions">${postButton(`${base}/notify-again`, 'Send the notice again')}
<a class="button" href="${escapeHtml(order.returnUrl)}">Return to the merchant</a></div>`,
  );
};

export const renderNotFoundPage = (): string =>
  layout('Sandbox Pay', '<h1>Sandbox Pay</h1><p>There is no such payment.</p>');

/** The gateway's root: what this is, so the address printed at start opens something. */
export const renderHomePage = (): string =>
  layout(
    'Sandbox Pay',
    `<h1>Sandbox Pay</h1>
<p class="sandbox">Sandbox payment gateway: no real money moves.</p>
<p>This gateway runs beside the platform for the demo. A deposit through a sandbox channel on the player
site opens its payment page here, where you pay or decline; the gateway then notifies the platform.</p>
<p>Nothing to do on this page: start a deposit on the player site.</p>`,
  );
