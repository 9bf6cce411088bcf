/** A page number to show, or a gap between shown numbers. */
export type PageItem = number | 'gap';

/**
 * The page numbers a pager shows: `margin` pages at each end and `range` pages around the current one, with
 * gaps between runs (a gap of a single page shows that page instead). Spec section 9: margins 1-2, ranges 3-5.
 */
export const pageItems = (page: number, totalPages: number, margin: number, range: number): PageItem[] => {
  if (totalPages < 1) return [];
  const shown = new Set<number>();
  for (let number = 1; number <= Math.min(margin, totalPages); number += 1) shown.add(number);
  for (let number = Math.max(1, totalPages - margin + 1); number <= totalPages; number += 1)
    shown.add(number);
  const current = Math.min(Math.max(page, 1), totalPages);
  let start = current - Math.floor((range - 1) / 2);
  let end = start + range - 1;
  if (start < 1) {
    end += 1 - start;
    start = 1;
  }
  if (end > totalPages) {
    start = Math.max(1, start - (end - totalPages));
    end = totalPages;
  }
  for (let number = start; number <= end; number += 1) shown.add(number);
  const numbers = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  numbers.forEach((number, index) => {
    const previous = index > 0 ? numbers[index - 1] : undefined;
    if (previous !== undefined && number - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) items.push('gap');
    items.push(number);
  });
  return items;
};

/** Spec section 4: a page outside 1..totalPages (or the current one) is not asked for. */
export const isPageChange = (target: number, page: number, totalPages: number): boolean =>
  Number.isInteger(target) && target >= 1 && target <= totalPages && target !== page;

/** Slices a whole list (hot games come unpaged) into pages. */
export const pageOf = <T>(items: readonly T[], page: number, pageSize: number): T[] =>
  items.slice((page - 1) * pageSize, page * pageSize);

export const totalPagesOf = (count: number, pageSize: number): number => Math.ceil(count / pageSize);
