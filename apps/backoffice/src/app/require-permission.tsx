import type { Permission } from '@wps/contracts/staff-permissions';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCan } from '../features/session/api';
import { consoleSections } from './sections';

/** A screen opened (by its address) without its permission: said plainly, and nothing of it is loaded. */
const NotPermitted = () => (
  <section aria-labelledby="not-permitted-title">
    <h1 id="not-permitted-title">Not permitted</h1>
    <p data-testid="not-permitted">
      Your role does not include this screen. If you need it, ask an administrator to change your role.
    </p>
  </section>
);

/** The screen, for staff whose role holds the permission; "not permitted" for the others. */
export const RequirePermission = ({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) => (useCan()(permission) ? children : <NotPermitted />);

/** The console's start: the first section the staff member may open. */
export const FirstSection = () => {
  const can = useCan();
  const first = consoleSections.find((section) => can(section.permission));
  if (first) return <Navigate to={first.path} replace />;
  return (
    <section>
      <h1>Welcome</h1>
      <p data-testid="no-sections">
        Your role does not include any screen of this console yet. Ask an administrator to give you a role.
      </p>
    </section>
  );
};
