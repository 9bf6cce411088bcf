import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { DialogProvider } from '../components/dialog-provider';

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <DialogProvider>{children}</DialogProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
