import { describe, expect, it } from 'vitest';
import type { AdminCall, CallState } from '@planning/shared';
import { callsInState } from './callLists';

const call = (name: string, state: CallState, startsAt: string, endsAt: string): AdminCall => ({
  id: name,
  name,
  description: null,
  startsAt,
  endsAt,
  cancelled: state === 'cancelled',
  state,
  questionnaire: { configId: 'q', label: 'Questions' },
  guidance: '',
  layers: [],
  updatedAt: startsAt,
});

// As the server lists them all: latest opening first.
const calls = [
  call('later upcoming', 'upcoming', '2031-06-01T09:00:00Z', '2031-07-01T09:00:00Z'),
  call('sooner upcoming', 'upcoming', '2031-05-01T09:00:00Z', '2031-08-01T09:00:00Z'),
  call('closes last', 'open', '2031-02-01T09:00:00Z', '2031-09-01T09:00:00Z'),
  call('closes first', 'open', '2031-01-01T09:00:00Z', '2031-03-01T09:00:00Z'),
  call('newer closed', 'closed', '2030-06-01T09:00:00Z', '2030-07-01T09:00:00Z'),
  call('older closed', 'closed', '2030-01-01T09:00:00Z', '2030-02-01T09:00:00Z'),
  call('cancelled', 'cancelled', '2031-04-01T09:00:00Z', '2031-05-01T09:00:00Z'),
];
const names = (state: CallState) => callsInState(calls, state).map((item) => item.name);

describe('one state of the calls', () => {
  it('puts upcoming calls opening soonest first and open ones closing soonest first', () => {
    expect(names('upcoming')).toEqual(['sooner upcoming', 'later upcoming']);
    expect(names('open')).toEqual(['closes first', 'closes last']);
  });

  it('keeps closed and cancelled calls as listed, and the list itself as it was', () => {
    expect(names('closed')).toEqual(['newer closed', 'older closed']);
    expect(names('cancelled')).toEqual(['cancelled']);
    expect(calls[0]!.name).toBe('later upcoming');
  });
});
