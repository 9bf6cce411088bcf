import type { ReactNode } from 'react';
import { SystemStatusValue } from '@wps/contracts/site-rules';
import { usePermission } from '../features/site/api/get-permission';
import { BlockedRegionScreen } from '../features/site/components/blocked-region-screen';
import { MaintenanceScreen } from '../features/site/components/maintenance-screen';

/** Spec section 4, System status: 0 the app, 1 maintenance, 2 region block, anything else nothing. */
export function SystemStatusGate({ children }: { children: ReactNode }) {
  switch (usePermission().status) {
    case SystemStatusValue.normal:
      return children;
    case SystemStatusValue.maintenance:
      return <MaintenanceScreen />;
    case SystemStatusValue.regionRestricted:
      return <BlockedRegionScreen />;
    default:
      return null;
  }
}
