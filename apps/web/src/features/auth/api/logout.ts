import { successEnvelope } from '@wps/contracts/envelope';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const logout = async (): Promise<void> => {
  await apiRequest('/session/logout', successEnvelope(z.unknown()), { method: 'DELETE' });
};
