import { toSafeExternalUrl } from '../../lib/open-external-link';

export type GatewayOpening = 'opened' | 'blocked' | 'invalid';

/**
 * Opens the gateway's payment page in a new tab, so the site stays open on the deposit: it follows the
 * deposit's status and the balance changes there by server push when the gateway confirms. A blocked popup
 * leaves the "continue payment" link of the status panel.
 */
export const openGateway = (paymentUrl: string): GatewayOpening => {
  const url = toSafeExternalUrl(paymentUrl);
  if (url === null || !/^https?:/.test(url)) return 'invalid';
  return window.open(url, '_blank') === null ? 'blocked' : 'opened';
};
