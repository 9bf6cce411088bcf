import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  emptyResponseSchema,
  staffLoginResponseSchema,
  staffProfileResponseSchema,
  staffVerifyResponseSchema,
  type StaffLoginChallenge,
  type StaffProfile,
  type StaffSession,
} from '@wps/contracts/backoffice';
import type { Permission } from '@wps/contracts/staff-permissions';
import { apiRequest } from '../../lib/api-client';
import { staffProfileKey } from '../../lib/query-client';
import { useStaffToken, writeStaffToken } from '../../lib/staff-token';

export type { Permission, StaffLoginChallenge, StaffProfile, StaffSession };
export type LoginInput = { username: string; password: string };
export type VerifyInput = { challenge: string; code: string };
export type PasswordChangeInput = { oldPassword: string; newPassword: string };

export const staffProfileQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...staffProfileKey, token],
    queryFn: ({ signal }) => apiRequest('/session/me', staffProfileResponseSchema, { signal }),
    staleTime: Infinity,
  });

/** The signed-in operator: the stored token and the profile it loads. */
export const useStaffSession = (): {
  token: string | null;
  staff: StaffProfile | null;
  isLoading: boolean;
} => {
  const token = useStaffToken();
  const profile = useQuery({ ...staffProfileQueryOptions(token ?? ''), enabled: token !== null });
  return {
    token,
    staff: token === null ? null : (profile.data ?? null),
    isLoading: token !== null && profile.isPending,
  };
};

/**
 * Whether the signed-in staff member's role (in the brand this console serves) holds a permission. The console
 * shows only what it does: sections, screens and buttons of other permissions are hidden, not just refused.
 */
export const useCan = (): ((permission: Permission) => boolean) => {
  const { staff } = useStaffSession();
  const held = staff?.permissions;
  return (permission) => held?.includes(permission) ?? false;
};

/** The password step: answers the second factor's challenge (or an enrolment), never a session. */
export const useLogin = () =>
  useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest('/session/login', staffLoginResponseSchema, { method: 'POST', body: input }),
  });

/** The second factor: a TOTP code or a recovery code opens the session. */
export const useVerifySignIn = () =>
  useMutation({
    mutationFn: (input: VerifyInput) =>
      apiRequest('/session/verify', staffVerifyResponseSchema, { method: 'POST', body: input }),
  });

/** Keeps the opened session: its profile first, so the console never asks /session/me for it again. */
export const startStaffSession = (queryClient: QueryClient, session: StaffSession): void => {
  queryClient.setQueryData(staffProfileQueryOptions(session.token).queryKey, session.staff);
  writeStaffToken(session.token);
};

/** Changing one's own password; afterwards the profile no longer asks for a change. */
export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      apiRequest('/session/password', emptyResponseSchema, { method: 'POST', body: input }),
    onSuccess: () => {
      queryClient.setQueriesData<StaffProfile>({ queryKey: staffProfileKey }, (staff) =>
        staff ? { ...staff, mustChangePassword: false } : staff,
      );
    },
  });
};

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/session/logout', emptyResponseSchema, { method: 'DELETE' }),
    // Signed out here whatever the server said: the session is gone from this browser either way.
    onSettled: () => {
      writeStaffToken(null);
      queryClient.clear();
    },
  });
};
