import { useDeferredValue } from 'react';

/**
 * A query's data as React's deferred value. A query's answer is an urgent update that React renders in one
 * go; what the data builds (a row of game cards, a section per category) then renders as a transition that
 * React splits into short slices, so a slow phone's main thread is not held for the whole row. Until that
 * render the data counts as still pending, so a skeleton never gives way to an empty row first.
 */
export const useDeferredQueryData = <Data>(query: {
  data: Data | undefined;
  isError: boolean;
}): { data: Data | undefined; isPending: boolean } => {
  const data = useDeferredValue(query.data);
  return { data, isPending: data === undefined && !query.isError };
};
