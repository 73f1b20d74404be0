import { describe, expect, it } from 'vitest';
import {
  customColumnSteps,
  managerPath,
  parseManagerRoute,
  representationSteps,
  representeeSteps,
  stepToShow,
  visibleTabs,
} from './managerRoutes';

describe('parseManagerRoute', () => {
  it('reads the tab, the flow and the step', () => {
    expect(parseManagerRoute({ tab: 'all', flow: 'new-representation', step: 'agent' }, true)).toEqual({
      kind: 'show',
      tab: 'all',
      flow: 'new-representation',
      step: 'agent',
    });
    expect(parseManagerRoute({ tab: 'contacts' }, true)).toEqual({
      kind: 'show',
      tab: 'contacts',
      flow: null,
      step: null,
    });
  });

  it('hides contacts and organisations without contact management', () => {
    expect(visibleTabs(false)).toEqual(['all']);
    expect(parseManagerRoute({ tab: 'organisations' }, false)).toEqual({
      kind: 'redirect',
      to: '/consultations/representations/all',
    });
  });

  it('sends an unknown flow back to its tab', () => {
    expect(parseManagerRoute({ tab: 'contacts', flow: 'nope' }, true)).toEqual({
      kind: 'redirect',
      to: '/consultations/representations/contacts',
    });
  });
});

describe('managerPath', () => {
  it('builds the addresses of tabs, drawers and steps', () => {
    expect(managerPath('all')).toBe('/consultations/representations/all');
    expect(managerPath('organisations', 'new-representee', 'contacts')).toBe(
      '/consultations/representations/organisations/new-representee/contacts',
    );
    expect(managerPath('all', null, 'ignored', '?representationId=1')).toBe(
      '/consultations/representations/all?representationId=1',
    );
  });
});

describe('stepToShow', () => {
  const keys = representationSteps.map((step) => step.key);

  it('shows a step already reached, and says nothing to change', () => {
    expect(stepToShow(keys, 'agent', 2)).toEqual({ index: 1, redirectTo: null });
  });

  it('starts a drawer opened with no step, or an unknown one, at its first step', () => {
    expect(stepToShow(keys, null, 0)).toEqual({ index: 0, redirectTo: 'representee' });
    expect(stepToShow(keys, 'nope', 3)).toEqual({ index: 0, redirectTo: 'representee' });
  });

  it('never jumps past the furthest step reached (an address reloaded mid-flow)', () => {
    expect(stepToShow(keys, 'confirm', 0)).toEqual({ index: 0, redirectTo: 'representee' });
    expect(stepToShow(keys, 'confirm', 2)).toEqual({ index: 2, redirectTo: 'correspondence' });
  });
});

describe('steps of the flows', () => {
  it('follows spec 02 §4: representee, agent, correspondence, then create', () => {
    expect(representationSteps.map((step) => step.key)).toEqual([
      'representee',
      'agent',
      'correspondence',
      'confirm',
    ]);
  });

  it('takes an organisation through its details and contacts, an individual through theirs', () => {
    expect(representeeSteps('organisation').map((step) => step.key)).toEqual([
      'menu',
      'organisation',
      'contacts',
      'confirm',
    ]);
    expect(representeeSteps('privateIndividual').map((step) => step.key)).toEqual([
      'menu',
      'contact',
      'confirm',
    ]);
    expect(representeeSteps('organisation', false).map((step) => step.key)).toEqual([
      'organisation',
      'contacts',
      'confirm',
    ]);
  });

  it('asks for options only for the select column types', () => {
    expect(customColumnSteps('singleSelect').map((step) => step.key)).toEqual([
      'column',
      'options',
      'confirm',
    ]);
    expect(customColumnSteps('multiSelect').map((step) => step.key)).toEqual([
      'column',
      'options',
      'confirm',
    ]);
    expect(customColumnSteps('date').map((step) => step.key)).toEqual(['column', 'confirm']);
  });
});
