import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { useStaffSession } from '../features/session/api';
import { ChangePasswordPage, ForcedPasswordChange } from '../features/session/change-password-page';
import { LoginPage } from '../features/session/login-page';
import { FirstSection, RequirePermission } from './require-permission';
import { consoleSections } from './sections';
import { Shell } from './shell';

/** The path the platform serves the console under; Vite builds with the same base. */
export const consoleBasePath = '/backoffice';

/**
 * Screens behind the staff session; without one, the login (which comes back here afterwards). While the
 * server asks for a new password, the password change is the only screen (the server refuses the others).
 */
const RequireStaff = () => {
  const { token, staff, isLoading } = useStaffSession();
  const location = useLocation();
  if (token === null)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (isLoading) return <p className="muted">Loading…</p>;
  if (staff?.mustChangePassword) return <ForcedPasswordChange />;
  return <Outlet />;
};

const NotFound = () => (
  <section>
    <h1>Not found</h1>
    <p>This screen does not exist. Pick a section above.</p>
  </section>
);

export const App = ({ queryClient }: { queryClient: QueryClient }) => (
  <QueryClientProvider client={queryClient}>
    <BrowserRouter basename={consoleBasePath}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route element={<RequireStaff />}>
          <Route element={<Shell />}>
            <Route index element={<FirstSection />} />
            {consoleSections.map(({ path, permission, Page }) => (
              <Route
                key={path}
                path={path}
                element={
                  <RequirePermission permission={permission}>
                    <Page />
                  </RequirePermission>
                }
              />
            ))}
            <Route path="/password" element={<ChangePasswordPage />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  </QueryClientProvider>
);
