import { apiRequest } from '../../../lib/api-client';
import { acknowledgementSchema } from './acknowledgement';

export const deletePayoutAccount = async (id: string): Promise<void> => {
  await apiRequest(`/member/payout-accounts/${encodeURIComponent(id)}`, acknowledgementSchema, {
    method: 'DELETE',
  });
};
