import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emptyResponseSchema,
  staffLoginResponseSchema,
  staffProfileResponseSchema,
  type StaffProfile,
} from '@wps/contracts/backoffice';
import { apiRequest } from '../../lib/api-client';
import { useStaffToken, writeStaffToken } from '../../lib/staff-token';

export type LoginInput = { username: string; password: string };

export const staffProfileQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['staff', 'me', token],
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

export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest('/session/login', staffLoginResponseSchema, { method: 'POST', body: input }),
    onSuccess: (session) => {
      queryClient.setQueryData(staffProfileQueryOptions(session.token).queryKey, session.staff);
      writeStaffToken(session.token);
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
