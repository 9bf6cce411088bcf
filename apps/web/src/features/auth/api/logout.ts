import { apiRequest } from '../../../lib/api-client';

export const logout = async (): Promise<void> => {
  await apiRequest<unknown>('/session/logout', { method: 'DELETE' });
};
