import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

/** The pager with its own page state, as a list holds it. */
function Pager({ totalPages, start = 1 }: { totalPages: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <Pagination page={page} totalPages={totalPages} onPageChange={setPage} testId="pager" />;
}

/** What the pager shows between previous and next: numbers, and … for a gap. */
const shownItems = () =>
  [...screen.getByTestId('pager').querySelectorAll('.pagination__pages > li')].map((item) =>
    item.textContent.trim(),
  );
const currentPage = () =>
  within(screen.getByTestId('pager')).getByRole('button', { current: 'page' }).textContent;

describe('pagination', () => {
  it('shows margin 1 and range 5 by default, with ellipses, and marks the current page', () => {
    render(<Pager totalPages={20} start={10} />);
    expect(shownItems()).toEqual(['1', '…', '8', '9', '10', '11', '12', '…', '20']);
    expect(currentPage()).toBe('10');
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('pager-current').textContent).toBe('Page 10 of 20');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('goes to a clicked number and steps with previous and next, never past the ends', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={1} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getByTestId<HTMLButtonElement>('pagination-previous').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    fireEvent.click(screen.getByTestId('pagination-next'));
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPageChange.mock.calls).toEqual([[3], [2]]);

    rerender(<Pagination page={3} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getByTestId<HTMLButtonElement>('pagination-next').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('pagination-previous'));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('follows the keyboard: arrows step, Home and End jump, and the focus stays on the current page', () => {
    render(<Pager totalPages={12} start={1} />);
    const first = screen.getByRole('button', { name: 'Page 1' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(currentPage()).toBe('2');
    expect(document.activeElement?.textContent).toBe('2');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(currentPage()).toBe('12');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Page 12');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(currentPage()).toBe('12');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(currentPage()).toBe('11');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(currentPage()).toBe('1');
  });

  it('mirrors the arrow keys right to left', () => {
    render(
      <div dir="rtl" style={{ direction: 'rtl' }}>
        <Pager totalPages={5} start={3} />
      </div>,
    );
    const current = screen.getByRole('button', { name: 'Page 3' });
    fireEvent.keyDown(current, { key: 'ArrowLeft' });
    expect(currentPage()).toBe('4');
  });

  it('takes another window, and a narrower one on phones', () => {
    render(
      <Pagination
        page={10}
        totalPages={20}
        onPageChange={() => undefined}
        window={{ margin: 2, range: 5 }}
        narrowWindow={{ margin: 1, range: 3 }}
        testId="pager"
      />,
    );
    // The test browser has no matchMedia: it counts as a phone.
    expect(shownItems()).toEqual(['1', '…', '9', '10', '11', '…', '20']);
  });

  it('shows nothing for a single page', () => {
    render(<Pagination page={1} totalPages={1} onPageChange={() => undefined} />);
    expect(screen.queryByTestId('pagination')).toBeNull();
  });
});
