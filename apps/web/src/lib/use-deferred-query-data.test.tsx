import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredQueryData } from './use-deferred-query-data';

type Seen = { data: string | undefined; isPending: boolean };

function Probe({ query, seen }: { query: { data: string | undefined; isError: boolean }; seen: Seen[] }) {
  seen.push(useDeferredQueryData(query));
  return null;
}

describe('a query’s data, deferred', () => {
  it('keeps the row pending through the urgent render of the answer, then renders it in the background', () => {
    const seen: Seen[] = [];
    const { rerender } = render(<Probe query={{ data: undefined, isError: false }} seen={seen} />);
    expect(seen.at(-1)).toEqual({ data: undefined, isPending: true });

    seen.length = 0;
    act(() => {
      rerender(<Probe query={{ data: 'games', isError: false }} seen={seen} />);
    });
    // First the urgent render with the previous value (still pending), then the deferred one with the answer.
    expect(seen[0]).toEqual({ data: undefined, isPending: true });
    expect(seen.at(-1)).toEqual({ data: 'games', isPending: false });
  });

  it('is not pending once the query has failed', () => {
    const seen: Seen[] = [];
    render(<Probe query={{ data: undefined, isError: true }} seen={seen} />);
    expect(seen.at(-1)).toEqual({ data: undefined, isPending: false });
  });
});
