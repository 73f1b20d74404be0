// Server messages as spec 01 §8 and spec 03 §8 write them. Clients match on some of these
// ('Unauthenticated', 'Session terminated'), so they are never reworded.
export const serverMessages = {
  payloadInvalid: 'Payload data is invalid',
  notAuthorized: 'Not authorized',
  unauthenticated: 'Unauthenticated',
  sessionTerminated: 'Session terminated',
  tooManyRequests: 'Too many requests',
  nonExistingId: 'Non-existing id',
  // Not worded by the spec: our own, for transport-level errors.
  routeNotFound: 'Route not found',
  malformedJson: 'Request body is not valid JSON',
  payloadTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  internalError: 'An error occurred, please try again',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
} as const;

/** How deep any request's data may nest (objects and arrays); real requests stay far below. */
export const INPUT_DEPTH_MAX = 64;

/** Refusals of the check every API request's body, query and path pass before validation. */
export const inputMessages = {
  // PostgreSQL text cannot hold NUL: such a value could never be stored or compared.
  nulCharacter: 'Text must not contain the NUL character',
  // Ill-formed UTF-16 (a lone surrogate) has no UTF-8 form: it would be stored as something else.
  invalidCharacter: 'Text contains an invalid character',
  tooDeep: `Data is nested too deeply (at most ${INPUT_DEPTH_MAX} levels)`,
} as const;

/** The generic error screen (spec 02 §8, spec 03 §2): a screen that failed, whatever the cause. */
export const errorScreenMessages = {
  title: 'Error occurred',
  tryAgain: 'Try again',
  fallbackDetail: 'Please, try again or contact support',
} as const;
