import { describe, expect, it } from 'vitest';
import type { SearchFilter } from '../search/filters';
import { idFilterMessages, idFilterProblem, tableIdFields } from './idFilters';

const ID = '0b6f1f9e-2c1a-4d0e-9f3b-6a1d2c3e4f50';
const fields = tableIdFields.representations;

describe('idFilterProblem', () => {
  it.each<[string, SearchFilter[], string | null]>([
    ['ids', [{ type: 'select', dbPropertyName: 'contact_id', equality: 'EQ', value: ID }], null],
    [
      'a name',
      [{ type: 'select', dbPropertyName: 'contact_id', equality: 'EQ', value: 'Jane Doe' }],
      idFilterMessages.notAnId('contact_id', 'Jane Doe'),
    ],
    [
      'a number in a list',
      [{ type: 'checkboxesList', dbPropertyName: 'campaign_id', value: [ID, 3] }],
      idFilterMessages.notAnId('campaign_id', 3),
    ],
    [
      'inside a group',
      [
        {
          type: 'group',
          operator: '_or',
          filters: [{ type: 'text', dbPropertyName: 'agent_contact_id', value: 'x' }],
        },
      ],
      idFilterMessages.notAnId('agent_contact_id', 'x'),
    ],
    [
      'another field',
      [{ type: 'select', dbPropertyName: 'status', equality: 'EQ', value: 'Received' }],
      null,
    ],
  ])('%s', (_, filters, problem) => {
    expect(idFilterProblem(filters, fields)).toBe(problem);
  });
});
