import { render } from '@testing-library/react';
import { App } from '../app/app';
import { createQueryClient } from '../lib/query-client';

/** The whole console at `path` (under /backoffice), as the browser would open it. */
export const renderConsole = (path: string) => {
  window.history.replaceState(null, '', `/backoffice${path}`);
  return render(<App queryClient={createQueryClient()} />);
};
