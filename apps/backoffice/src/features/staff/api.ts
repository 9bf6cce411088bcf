import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emptyResponseSchema,
  staffCreateResponseSchema,
  staffListResponseSchema,
  staffResetResponseSchema,
  staffRoleListResponseSchema,
  staffRoleResponseSchema,
  staffUpdateResponseSchema,
  type StaffCreateRequest,
  type StaffRoleCreateRequest,
  type StaffRoleUpdateRequest,
  type StaffRoleView,
  type StaffSummary,
  type StaffUpdateRequest,
} from '@wps/contracts/backoffice';
import { apiRequest } from '../../lib/api-client';
import { staffProfileKey } from '../../lib/query-client';

export type {
  StaffCreateRequest,
  StaffRoleCreateRequest,
  StaffRoleUpdateRequest,
  StaffRoleView,
  StaffSummary,
  StaffUpdateRequest,
};

const staffListKey = ['staff', 'list'] as const;
const rolesKey = ['staff', 'roles'] as const;

export const useStaffList = (enabled: boolean) =>
  useQuery({
    queryKey: staffListKey,
    queryFn: ({ signal }) => apiRequest('/staff', staffListResponseSchema, { signal }),
    enabled,
  });

/** The brand's roles with their permissions and how many staff hold each. */
export const useRoles = (enabled: boolean) =>
  useQuery({
    queryKey: rolesKey,
    queryFn: ({ signal }) => apiRequest('/roles', staffRoleListResponseSchema, { signal }),
    enabled,
  });

/**
 * A change to staff or roles: the lists, the audit trail and the signed-in staff member's own permissions
 * (their role may be the one changed) are read again.
 */
const useStaffMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all(
        [staffListKey, rolesKey, staffProfileKey, ['audit']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
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

export const useCreateRole = () =>
  useStaffMutation((input: StaffRoleCreateRequest) =>
    apiRequest('/roles', staffRoleResponseSchema, { method: 'POST', body: input }),
  );

export const useUpdateRole = () =>
  useStaffMutation(({ id, changes }: { id: string; changes: StaffRoleUpdateRequest }) =>
    apiRequest(`/roles/${encodeURIComponent(id)}`, staffRoleResponseSchema, {
      method: 'PATCH',
      body: changes,
    }),
  );

export const useDeleteRole = () =>
  useStaffMutation((id: string) =>
    apiRequest(`/roles/${encodeURIComponent(id)}`, emptyResponseSchema, { method: 'DELETE' }),
  );
