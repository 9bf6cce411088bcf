import { apiRequest } from '../../../lib/api-client';

export const deletePayoutAccount = async (id: string): Promise<void> => {
  await apiRequest<unknown>(`/member/payout-accounts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
};
