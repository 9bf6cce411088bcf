// The global style sheet first: components' own CSS, imported below it, then wins ties with it.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  );
}
