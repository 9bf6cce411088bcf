/**
 * Member types and login kinds, free of zod so the site's first load need not carry them; auth.ts holds the
 * schemas and re-exports all of these.
 */

/** Member types of the spec: agents 1, 2, 41, 42; trial (free play) 4; an ordinary member is 0. */
export const MemberType = {
  member: 0,
  agent: 1,
  agentLevel2: 2,
  agentPolicy: 41,
  agentPolicyLevel2: 42,
  trial: 4,
} as const;
export const agentTypes: readonly number[] = [1, 2, 41, 42];
export const isAgentType = (type: number): boolean => agentTypes.includes(type);
export const isTrialType = (type: number): boolean => type === MemberType.trial;

export const loginTypes = ['username', 'sms'] as const;
