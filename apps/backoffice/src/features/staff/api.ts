import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffCreateResponseSchema,
  staffListResponseSchema,
  staffResetResponseSchema,
  staffUpdateResponseSchema,
  type StaffCreateRequest,
  type StaffSummary,
  type StaffUpdateRequest,
} from '@wps/contracts/backoffice';
import { apiRequest } from '../../lib/api-client';

export type { StaffCreateRequest, StaffSummary, StaffUpdateRequest };

const staffListKey = ['staff', 'list'] as const;

export const useStaffList = (enabled: boolean) =>
  useQuery({
    queryKey: staffListKey,
    queryFn: ({ signal }) => apiRequest('/staff', staffListResponseSchema, { signal }),
    enabled,
  });

const useStaffMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffListKey }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};

/** A new staff member; the answer carries their temporary password, which is never shown again. */
export const useCreateStaff = () =>
  useStaffMutation((input: StaffCreateRequest) =>
    apiRequest('/staff', staffCreateResponseSchema, { method: 'POST', body: input }),
  );

export const useUpdateStaff = () =>
  useStaffMutation(({ id, changes }: { id: string; changes: StaffUpdateRequest }) =>
    apiRequest(`/staff/${encodeURIComponent(id)}`, staffUpdateResponseSchema, {
      method: 'PATCH',
      body: changes,
    }),
  );

/** A new temporary password, a forced change and a new 2FA enrolment; the staff member's sessions end. */
export const useResetStaff = () =>
  useStaffMutation((id: string) =>
    apiRequest(`/staff/${encodeURIComponent(id)}/reset`, staffResetResponseSchema, { method: 'POST' }),
  );
