import type { LanguageCode } from '@wps/contracts/site-rules';
import { apiRequest } from '../../../lib/api-client';

/** Spec section 7, getUpdateLanguage: the member's language preference kept on the server. */
export const updateMemberLanguage = async (language: LanguageCode): Promise<void> => {
  await apiRequest<null>('/relay/getUpdateLanguage', { method: 'POST', body: { language } });
};
