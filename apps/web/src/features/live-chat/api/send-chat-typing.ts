import type { ResponseValue } from '@wps/contracts/envelope';
import type { chatEmptyResponseSchema } from '@wps/contracts/live-chat';
import { apiRequest } from '../../../lib/api-client';

/** Tells the staff watching the conversation that the member is typing (nothing is stored). */
export const sendChatTyping = (): Promise<ResponseValue<typeof chatEmptyResponseSchema>> =>
  apiRequest<ResponseValue<typeof chatEmptyResponseSchema>>('/chat/typing', { method: 'POST' });

/** At most one typing signal per this long while the member types. */
export const chatTypingIntervalMs = 3_000;
