/** Every query of this feature starts with this, so a change to the member's settings can refresh them all. */
export const protectionQueryKeyPrefix = ['protection'] as const;
