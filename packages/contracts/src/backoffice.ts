import { z } from 'zod';
import { successEnvelope } from './envelope';

export const staffRoles = ['admin', 'finance', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffLoginRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
});

export const staffProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(staffRoles),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

export const staffLoginResponseSchema = successEnvelope(
  z.object({ token: z.string(), expiresAt: z.string(), staff: staffProfileSchema }),
);
export const staffProfileResponseSchema = successEnvelope(staffProfileSchema);
export const emptyResponseSchema = successEnvelope(z.null());
