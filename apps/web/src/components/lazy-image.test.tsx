import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { LazyImage } from './lazy-image';

const renderAvatar = (url: string) => (
  <LazyImage sources={[url]} alt="" imageTestId="picture" fallback={<span data-testid="default-avatar" />} />
);

it('tries each address once, then keeps the fallback', () => {
  const { rerender } = render(renderAvatar('https://cdn.example.com/a.png'));
  fireEvent.error(screen.getByTestId('picture'));
  expect(screen.queryByTestId('picture')).toBeNull();
  expect(screen.getByTestId('default-avatar')).toBeTruthy();

  // A new picture (the member uploaded another) gets its own attempt.
  rerender(renderAvatar('https://cdn.example.com/b.png'));
  expect(screen.getByTestId('picture').getAttribute('src')).toBe('https://cdn.example.com/b.png');
});
