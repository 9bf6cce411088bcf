import { render } from '@testing-library/react';
import { AppProviders } from '../app/app-providers';
import { AppRouter } from '../app/router';
import { getPermissionQueryOptions, type SitePermission } from '../features/site/api/get-permission';
import { createQueryClient } from '../lib/query-client';

/** Renders the real browser router at `url` with the permission already loaded, as boot leaves it. */
export const renderApp = (url: string, permission: SitePermission) => {
  window.history.replaceState(null, '', url);
  const queryClient = createQueryClient();
  queryClient.setQueryData(getPermissionQueryOptions().queryKey, permission);
  return render(
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>,
  );
};
