/** Every query of this feature starts with this, so a submitted document can refresh them all. */
export const kycQueryKeyPrefix = ['kyc'] as const;
