import { describe, expect, it } from 'vitest';
import { drawWinningTickets, ownerOfTicket, raffleClientSeed, ticketOrderOf } from './draw-winners';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'tickets', nonce: 0 };

describe('raffle draw', () => {
  it('orders tickets by member id in runs and skips members without tickets', () => {
    const order = ticketOrderOf([
      { memberId: 9n, tickets: 2n },
      { memberId: 3n, tickets: 3n },
      { memberId: 5n, tickets: 0n },
    ]);
    expect(order).toEqual([
      { memberId: '3', first: 0, tickets: 3 },
      { memberId: '9', first: 3, tickets: 2 },
    ]);
    expect(ownerOfTicket(order, 2)).toBe('3');
    expect(ownerOfTicket(order, 4)).toBe('9');
    expect(ownerOfTicket(order, 5)).toBeUndefined();
    expect(raffleClientSeed(order)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('draws distinct tickets, the same ones again from the same seeds', () => {
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const winners = drawWinningTickets({ ...seeds, nonce }, 7, 5);
      expect(new Set(winners).size).toBe(5);
      for (const ticket of winners) expect(ticket >= 0 && ticket < 7).toBe(true);
      expect(drawWinningTickets({ ...seeds, nonce }, 7, 5)).toEqual(winners);
    }
  });

  it('gives every ticket a prize when there are fewer tickets than prizes', () => {
    expect([...drawWinningTickets(seeds, 3, 10)].sort()).toEqual([0, 1, 2]);
    expect(drawWinningTickets(seeds, 0, 3)).toEqual([]);
  });

  it('draws each ticket about equally often for the first prize', () => {
    const counts = [0, 0, 0, 0];
    for (let nonce = 0; nonce < 2_000; nonce += 1) {
      const [first] = drawWinningTickets({ ...seeds, nonce }, 4, 1);
      if (first !== undefined) counts[first] = (counts[first] ?? 0) + 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(400);
  });
});
