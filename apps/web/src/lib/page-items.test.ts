import { describe, expect, it } from 'vitest';
import { isPageChange, pageItems, pageOf, totalPagesOf } from './page-items';

describe('pageItems', () => {
  it('shows every page when they fit', () => {
    expect(pageItems(1, 4, 1, 3)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the margins and a range around the current page, with gaps', () => {
    expect(pageItems(10, 20, 1, 3)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(10, 20, 2, 5)).toEqual([1, 2, 'gap', 8, 9, 10, 11, 12, 'gap', 19, 20]);
  });

  it('slides the range inside the ends and shows a single missing page instead of a gap', () => {
    expect(pageItems(1, 20, 1, 3)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageItems(20, 20, 1, 3)).toEqual([1, 'gap', 18, 19, 20]);
    expect(pageItems(3, 20, 1, 3)).toEqual([1, 2, 3, 4, 'gap', 20]);
  });

  it('shows nothing without pages', () => {
    expect(pageItems(1, 0, 2, 5)).toEqual([]);
  });
});

describe('isPageChange', () => {
  it('refuses pages beyond the last, before the first and the current one', () => {
    expect(isPageChange(4, 3, 3)).toBe(false);
    expect(isPageChange(0, 1, 3)).toBe(false);
    expect(isPageChange(2, 2, 3)).toBe(false);
    expect(isPageChange(3, 2, 3)).toBe(true);
  });
});

it('pages a whole list', () => {
  const items = Array.from({ length: 32 }, (_, index) => index);
  expect(totalPagesOf(items.length, 15)).toBe(3);
  expect(pageOf(items, 3, 15)).toEqual([30, 31]);
});
