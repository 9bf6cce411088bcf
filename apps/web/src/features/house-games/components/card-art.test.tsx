import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PokerCard } from './poker/poker-table';
import { PlayingCard } from './tables/playing-card';

const suitSigns = /[\u2660-\u2667]/;

describe('cards drawn with our own suit art', () => {
  it('draws a table card’s suit as a picture and names the card for screen readers', () => {
    render(
      <svg>
        <PlayingCard code="AS" x={0} y={0} />
      </svg>,
    );
    const card = screen.getByRole('img', { name: 'Ace of spades' });
    expect(card.querySelector('svg[data-suit="S"]')).not.toBeNull();
    expect(card.textContent).toBe('A');
  });

  it('draws the card rooms’ cards the same way, red suits in red', () => {
    render(<PokerCard code="TH" />);
    const card = screen.getByRole('img', { name: '10 of hearts' });
    expect(card.querySelector('svg[data-suit="H"]')).not.toBeNull();
    expect(card.className).toContain('poker-card--red');
    expect(card.textContent).not.toMatch(suitSigns);
  });
});
