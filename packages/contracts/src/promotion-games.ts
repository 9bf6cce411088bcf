import { z } from 'zod';
import { successEnvelope } from './envelope';
import { promotionPhases } from './promotions-rules';

/** A promotion named in the path (`/promotions/:id/red-envelope`). */
export const promotionIdParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

/** A red envelope as the member sees it: how many packets are left and what they took. */
export const redEnvelopeSchema = z.object({
  promotionId: z.string(),
  phase: z.enum(promotionPhases),
  opensAt: z.string(),
  endsAt: z.string().nullable(),
  packets: z.number().int(),
  packetsLeft: z.number().int(),
  /** The member's packet (null: none taken, or a guest). */
  mine: z.object({ amount: z.string(), takenAt: z.string() }).nullable(),
});
export type RedEnvelope = z.infer<typeof redEnvelopeSchema>;
export const redEnvelopeResponseSchema = successEnvelope(redEnvelopeSchema);

/** The packet a grab took. */
export const redEnvelopeGrabSchema = z.object({ amount: z.string(), packetsLeft: z.number().int() });
export type RedEnvelopeGrab = z.infer<typeof redEnvelopeGrabSchema>;
export const redEnvelopeGrabResponseSchema = successEnvelope(redEnvelopeGrabSchema);

/**
 * The public proof of a raffle draw: the tickets in order (each member's tickets are one run, members by id),
 * the server seed committed (hash) when the raffle opened and revealed after the draw, the client seed (the
 * SHA-256 of the ticket list, so it is fixed only once tickets stop) and the winning ticket of each prize.
 */
export const raffleProofSchema = z.object({
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string().nullable(),
  nonce: z.number().int(),
  /** Runs of tickets: `tickets` consecutive tickets from `first` belong to the member shown as `member`. */
  ticketOrder: z.array(z.object({ member: z.string(), first: z.number().int(), tickets: z.number().int() })),
});

export const raffleWinnerSchema = z.object({
  prize: z.number().int(),
  amount: z.string(),
  ticket: z.number().int(),
  /** The winner's username, masked for everyone but them. */
  member: z.string(),
  isMine: z.boolean(),
});

/** A raffle as the member sees it: their tickets, the draw time, and after the draw the winners and proof. */
export const raffleSchema = z.object({
  promotionId: z.string(),
  phase: z.enum(promotionPhases),
  drawAt: z.string(),
  status: z.enum(['pending', 'drawn']),
  myTickets: z.number().int(),
  totalTickets: z.number().int(),
  depositPerTicket: z.string(),
  validBetPerTicket: z.string(),
  prizes: z.array(z.string()),
  winners: z.array(raffleWinnerSchema),
  /** What the member won and can still claim. */
  claimable: z.string(),
  proof: raffleProofSchema.nullable(),
});
export type Raffle = z.infer<typeof raffleSchema>;
export const raffleResponseSchema = successEnvelope(raffleSchema);

/** Spec: MCS2_claimRafflePromotion (POST) with the promotion's id. */
export const claimRaffleBodySchema = z.object({ promotionId: z.union([z.string(), z.number()]) }).loose();
export const claimRaffleResponseSchema = successEnvelope(
  z.object({ claimed: z.number().int(), amount: z.string() }),
);
