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
