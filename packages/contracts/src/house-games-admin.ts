import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * The console's view of the house games' limits (GET /wps/backoffice/house-games/limits): what each game
 * takes, in the brand's currency, as the platform's configuration fixes it. Read only: a game is shown or
 * hidden in the catalogue, a fight's limits are set when it is scheduled, the lottery's caps on its own page.
 */
export const houseGameLimitSchema = z.object({ label: z.string(), value: z.string() });
export type HouseGameLimit = z.infer<typeof houseGameLimitSchema>;

export const houseGameLimitsSchema = z.object({
  /** The game's code in the catalogue (vendor HOUSE). */
  gameCode: z.string(),
  limits: z.array(houseGameLimitSchema),
});
export type HouseGameLimits = z.infer<typeof houseGameLimitsSchema>;

export const houseGameLimitsResponseSchema = successEnvelope(
  z.object({ currency: z.string(), games: z.array(houseGameLimitsSchema) }),
);
