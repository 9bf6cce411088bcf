/** Every query of this feature starts with this, so a change can refresh them all. */
export const paymentsQueryKeyPrefix = ['payments'] as const;

/** The balance, funds and account records of the wallet pages share this prefix (web-wallet). */
export const walletQueryKeyPrefix = ['wallet'] as const;
