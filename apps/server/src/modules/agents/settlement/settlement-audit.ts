import type { AuditActor } from '../../audit/audit.service';

/** Settlement pays as the platform, whether its job or a staff member's "run now" started it. */
export const settlementAuditActor: AuditActor = { type: 'system', id: 'agent-settlement' };
