import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { type ChannelValues, insertChannel } from './channels.repository';

/** The demo brand's deposit channels; amounts in cents (the demo brand is in USD). */
const demoChannels = (brandId: bigint): ChannelValues[] => [
  {
    brandId,
    code: 'BANK_TRANSFER',
    method: 'bank_transfer',
    name: 'Bank transfer',
    currency: 'USD',
    minAmount: 1_000n,
    maxAmount: 5_000_000n,
    sortOrder: 10,
    instructions: {
      bankName: 'Lotus Demo Bank',
      accountName: 'Lucky Lotus Ltd',
      accountNumber: '0012-3456-7890',
      note: 'Write your username in the transfer reference. Demo only: this bank does not exist.',
    },
    gateway: null,
  },
  {
    brandId,
    code: 'EWALLET',
    method: 'ewallet',
    name: 'E-wallet',
    currency: 'USD',
    minAmount: 500n,
    maxAmount: 2_000_000n,
    sortOrder: 20,
    instructions: {
      bankName: 'Demo E-Wallet',
      accountName: 'Lucky Lotus',
      accountNumber: '0917-000-0000',
      note: 'Send from a wallet in your own name. Demo only.',
    },
    gateway: null,
  },
  {
    brandId,
    code: 'SANDBOX_PAY',
    method: 'gateway',
    name: 'Sandbox Pay (instant)',
    currency: 'USD',
    minAmount: 100n,
    maxAmount: 1_000_000n,
    sortOrder: 0,
    instructions: null,
    // The secret is made once, at the first seed; later seeds keep the channel (and any operator change).
    gateway: {
      provider: 'sandbox',
      merchantId: 'DEMO',
      secret: randomBytes(32).toString('hex'),
      baseUrl: null,
    },
  },
];

/** Idempotent: adds each demo channel the brand does not have yet, and never touches an existing one. */
export const seedDepositChannelsDemo = async (db: Database, brand: { id: bigint }): Promise<void> => {
  for (const channel of demoChannels(brand.id)) await insertChannel(db, channel);
};
