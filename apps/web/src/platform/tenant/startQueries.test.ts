import { describe, expect, it } from 'vitest';
import { startQueries } from './startQueries';

describe('the requests the app starts with', () => {
  it('asks nothing that needs a council on the picker before one is chosen', () => {
    expect(startQueries(null, '/select-tenant')).toEqual({ tenant: false, user: false });
  });

  it('asks for the council (the host may name it) but not the user when none is stored', () => {
    expect(startQueries(null, '/map')).toEqual({ tenant: true, user: false });
  });

  it('asks for both side by side once a council is chosen', () => {
    expect(startQueries('northfield', '/select-tenant')).toEqual({ tenant: true, user: true });
    expect(startQueries('northfield', '/map')).toEqual({ tenant: true, user: true });
  });
});
