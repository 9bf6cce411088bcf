import { successEnvelope } from '@wps/contracts/envelope';
import { z } from 'zod';

/** Answers the site reads nothing from beyond their success. */
export const acknowledgementSchema = successEnvelope(z.unknown());
