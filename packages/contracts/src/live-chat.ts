import { z } from 'zod';
import { successEnvelope } from './envelope';

/** CBS_modelList: the chat entries the brand offers (one live chat today), empty when none is configured. */
export const chatModelSchema = z.object({ modelId: z.string(), title: z.string() });
export const chatModelListResponseSchema = successEnvelope(z.object({ list: z.array(chatModelSchema) }));

/** CBS_launchChat: where the chat opens (the brand's configured chat URL). */
export const launchChatQuerySchema = z.object({ modelId: z.string().max(64).optional() });
export const launchChatResponseSchema = successEnvelope(z.object({ chatUrl: z.string() }));
