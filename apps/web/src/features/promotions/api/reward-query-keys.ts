/** Every reward-centre and referral query starts with this (the balance signal refreshes them all). */
export const rewardsQueryKeyPrefix = ['rewards'] as const;

export const rewardsQueryKeys = {
  list: (pageNo: number) => [...rewardsQueryKeyPrefix, 'list', pageNo] as const,
  unread: [...rewardsQueryKeyPrefix, 'unread'] as const,
  referral: [...rewardsQueryKeyPrefix, 'referral'] as const,
};
