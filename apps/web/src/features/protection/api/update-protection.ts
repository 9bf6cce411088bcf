import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  Exclusion,
  exclusionSchema,
  ProtectionStatus,
  protectionStatusResponseSchema,
  SetPlayLimitBody,
  SetRealityCheckBody,
  StartSelfExclusionBody,
  StartTimeOutBody,
} from '@wps/contracts/protection';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type StatusValue = ResponseValue<typeof protectionStatusResponseSchema>;

/** Sets, lowers, raises or removes (amount null) one limit; answers the member's status after the change. */
export const setPlayLimit = (body: SetPlayLimitBody): Promise<ProtectionStatus> =>
  apiRequest<StatusValue>('/member/protection/limits', { method: 'PUT', body });

export const setRealityCheck = (body: SetRealityCheckBody): Promise<ProtectionStatus> =>
  apiRequest<StatusValue>('/member/protection/reality-check', { method: 'PUT', body });

/** Starts a time-out: the server signs the member out everywhere at once. */
export const startTimeOut = (body: StartTimeOutBody): Promise<Exclusion> =>
  apiRequest<z.output<typeof exclusionSchema>>('/member/protection/time-out', { method: 'POST', body });

/** Starts a self-exclusion with the member's password: the server signs the member out everywhere at once. */
export const startSelfExclusion = (body: StartSelfExclusionBody): Promise<Exclusion> =>
  apiRequest<z.output<typeof exclusionSchema>>('/member/protection/self-exclusion', { method: 'POST', body });
