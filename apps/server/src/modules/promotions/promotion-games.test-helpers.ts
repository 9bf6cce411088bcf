import type { Database } from '../../db/database';
import { promotions } from './promotions.tables';

const hourMs = 3_600_000;
const eligibility = { vipLevels: [], excludedCountries: [], excludeAgents: false };

/** A live red envelope of the brand, open from an hour ago (amounts in USD decimals). */
export const insertRedEnvelope = async (
  db: Database,
  brandId: bigint,
  options: {
    pool?: string;
    packets?: number;
    minPacket?: string;
    startsAt?: Date;
    turnoverPercent?: number;
  } = {},
): Promise<bigint> => {
  const [row] = await db
    .insert(promotions)
    .values({
      brandId,
      kind: 'red_envelope',
      category: 'event',
      status: 'live',
      startsAt: options.startsAt ?? new Date(Date.now() - hourMs),
      endsAt: null,
      content: { en: { title: 'Lucky envelope', summary: '', terms: '' } },
      claimLimit: 1,
      turnoverPercent: options.turnoverPercent ?? 100,
      eligibility,
      config: {
        kind: 'red_envelope',
        pool: options.pool ?? '10',
        packets: options.packets ?? 5,
        minPacket: options.minPacket ?? '1',
      },
    })
    .returning({ id: promotions.id });
  if (!row) throw new Error('red envelope not created');
  return row.id;
};

/** A live raffle of the brand: open from an hour ago to `endsAt`, drawn at `drawAt`. */
export const insertRaffle = async (
  db: Database,
  brandId: bigint,
  options: {
    depositPerTicket?: string;
    validBetPerTicket?: string;
    prizes?: string[];
    endsAt: Date;
    drawAt: Date;
    turnoverPercent?: number;
  },
): Promise<bigint> => {
  const [row] = await db
    .insert(promotions)
    .values({
      brandId,
      kind: 'raffle',
      category: 'event',
      status: 'live',
      startsAt: new Date(Date.now() - hourMs),
      endsAt: options.endsAt,
      content: { en: { title: 'Weekly raffle', summary: '', terms: '' } },
      claimLimit: 1,
      turnoverPercent: options.turnoverPercent ?? 100,
      eligibility,
      config: {
        kind: 'raffle',
        depositPerTicket: options.depositPerTicket ?? '10',
        validBetPerTicket: options.validBetPerTicket ?? '50',
        drawAt: options.drawAt.toISOString(),
        prizes: options.prizes ?? ['100', '50', '20'],
      },
    })
    .returning({ id: promotions.id });
  if (!row) throw new Error('raffle not created');
  return row.id;
};
