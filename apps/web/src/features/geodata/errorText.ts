import { ApiError } from '../../api/client';

/** A failed call's words: the server's message, else the spec 03 §8 wrapper default. */
export const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'An error occurred, please try again';
