import { createHash } from 'node:crypto';
import { drawFairIntegers, type FairSeeds } from '../../house-games/fair-draws.service';

/** A run of consecutive tickets of one member in the draw's ticket order. */
export type TicketRun = { memberId: string; first: number; tickets: number };

/** Members' tickets as consecutive runs, members in ascending id order (the order the proof publishes). */
export const ticketOrderOf = (entries: readonly { memberId: bigint; tickets: bigint }[]): TicketRun[] => {
  const sorted = [...entries]
    .filter((entry) => entry.tickets > 0n)
    .sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
  let next = 0;
  return sorted.map((entry) => {
    const run = { memberId: entry.memberId.toString(), first: next, tickets: Number(entry.tickets) };
    next += run.tickets;
    return run;
  });
};

/**
 * The client seed of a draw: SHA-256 of the ticket order, so it is only known once tickets stop, after the
 * server seed was committed, and neither side alone chooses the result.
 */
export const raffleClientSeed = (order: readonly TicketRun[]): string =>
  createHash('sha256')
    .update(order.map((run) => `${run.memberId}:${run.first}:${run.tickets}`).join(','))
    .digest('hex');

/**
 * The winning ticket of each prize, first prize first: prize i draws uniformly among the tickets not yet
 * drawn (a partial Fisher–Yates shuffle over ticket numbers, driven by the fair integer stream), so one
 * ticket wins at most one prize; a member with several tickets may win several prizes. With fewer tickets
 * than prizes the last prizes are not won.
 */
export const drawWinningTickets = (seeds: FairSeeds, totalTickets: number, prizes: number): number[] => {
  const draws = Math.min(prizes, totalTickets);
  const bounds = Array.from({ length: draws }, (_, i) => totalTickets - i);
  const offsets = drawFairIntegers(seeds, bounds);
  const swapped = new Map<number, number>();
  const at = (index: number) => swapped.get(index) ?? index;
  return offsets.map((offset, i) => {
    const j = i + offset;
    const winner = at(j);
    swapped.set(j, at(i));
    swapped.set(i, winner);
    return winner;
  });
};

/** Whose ticket it is. */
export const ownerOfTicket = (order: readonly TicketRun[], ticket: number): string | undefined =>
  order.find((run) => ticket >= run.first && ticket < run.first + run.tickets)?.memberId;
