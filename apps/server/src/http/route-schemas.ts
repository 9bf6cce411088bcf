import { failureEnvelopeSchema } from '@wps/contracts/envelope';

/** Failure answers every route may give, so the OpenAPI document shows the envelope for them too. */
export const failureResponses = {
  400: failureEnvelopeSchema,
  401: failureEnvelopeSchema,
  403: failureEnvelopeSchema,
  404: failureEnvelopeSchema,
  413: failureEnvelopeSchema,
  415: failureEnvelopeSchema,
  429: failureEnvelopeSchema,
  500: failureEnvelopeSchema,
  503: failureEnvelopeSchema,
};
