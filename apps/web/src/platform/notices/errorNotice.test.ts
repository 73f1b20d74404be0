import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { errorNoticeDescription, errorNoticeTitle, requestFailureMessage } from './errorNotice';

describe('errorNoticeTitle', () => {
  it.each([
    [new ApiError(401, 'Unauthenticated'), 'Something went wrong'],
    [new ApiError(403, 'Not authorized'), 'Something went wrong'],
    [new ApiError(400, 'Unauthenticated'), 'Something went wrong'],
    [new ApiError(409, 'Session terminated'), 'Something went wrong'],
    [new ApiError(404, 'Tenant is not found'), 'Request failed'],
    [new ApiError(500, 'An error occurred, please try again'), 'Request failed'],
    [new ApiError(0, 'Failed to make http request'), 'Request failed'],
    [new Error('Unauthenticated'), 'Request failed'],
    ['a string', 'Request failed'],
  ])('%s → %s', (error, title) => {
    expect(errorNoticeTitle(error)).toBe(title);
  });
});

describe('errorNoticeDescription', () => {
  it('uses the error message, else the generic server message', () => {
    expect(errorNoticeDescription(new ApiError(404, 'Tenant is not found'))).toBe('Tenant is not found');
    expect(errorNoticeDescription(null)).toBe('An error occurred, please try again');
  });
});

describe('requestFailureMessage', () => {
  const fallback = 'Failed to search sites';
  it.each([
    [new ApiError(400, 'Field "x" cannot be searched'), 'Field "x" cannot be searched'],
    [new ApiError(422, 'Config is invalid'), 'Config is invalid'],
    [new ApiError(400, 'Failed to make http request'), fallback],
    [new ApiError(500, 'An error occurred, please try again'), fallback],
    [new ApiError(0, 'Failed to make http request'), fallback],
    [new Error('boom'), fallback],
    [undefined, fallback],
  ])('%s → %s', (error, message) => {
    expect(requestFailureMessage(error, fallback)).toBe(message);
  });
});
