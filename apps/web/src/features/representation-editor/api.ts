import {
  contactSchema,
  contactTableFields,
  layerListSchema,
  layerSearchResultSchema,
  organisationSchema,
  representationSchema,
  siteLookupResponseSchema,
  subRepresentationSchema,
  subRepresentationUpdatedSchema,
  tableResultSchema,
  topicListSchema,
  type EditorNode,
  type Representation,
  type UpdateRepresentationBody,
} from '@planning/shared';
import { api } from '../../api/client';

/** The representation editor's calls (apps/server/src/modules/consultations). */

export const editorQueryKeys = {
  representation: (id: string) => ['consultations', 'representations', 'one', id] as const,
  subRepresentation: (id: string) => ['consultations', 'sub-representations', 'one', id] as const,
  knownNames: (id: string) => ['consultations', 'representations', 'names', id] as const,
  topics: ['consultations', 'topics'] as const,
  sites: (term: string) => ['consultations', 'editor', 'sites', term] as const,
  layers: ['consultations', 'editor', 'layers'] as const,
  features: (layerId: string, term: string) =>
    ['consultations', 'editor', 'features', layerId, term] as const,
};

const representationPath = (id: string, rest = '') =>
  `/consultations/representations/${encodeURIComponent(id)}${rest}`;
const subRepresentationPath = (id: string) => `/consultations/sub-representations/${encodeURIComponent(id)}`;

export function fetchRepresentation(id: string, signal?: AbortSignal) {
  return api.get(representationPath(id), representationSchema, { signal });
}

export function updateRepresentation(id: string, body: UpdateRepresentationBody) {
  return api.patch(representationPath(id), representationSchema, body);
}

export function createSubRepresentation(
  representationId: string,
  body: { content: EditorNode; comment?: string | null },
) {
  return api.post(
    representationPath(representationId, '/sub-representations'),
    subRepresentationSchema,
    body,
  );
}

export function fetchSubRepresentation(id: string, signal?: AbortSignal) {
  return api.get(subRepresentationPath(id), subRepresentationSchema, { signal });
}

export function updateSubRepresentation(
  id: string,
  body: { content?: EditorNode; siteIds?: string[]; isDeleted?: boolean },
) {
  return api.patch(subRepresentationPath(id), subRepresentationUpdatedSchema, body);
}

/** Spec 02 §9: topics are refetched every 5 minutes (the caller's query says how often). */
export async function fetchTopics(signal?: AbortSignal) {
  return (await api.get('/consultations/topics', topicListSchema, { signal })).topics;
}

/** Sites whose name, HELAA reference or id holds the text. */
export async function lookupSites(term: string, signal?: AbortSignal) {
  return (await api.get('/search/site', siteLookupResponseSchema, { signal, query: { q: term, limit: 20 } }))
    .sites;
}

export async function fetchLayers(signal?: AbortSignal) {
  return (await api.get('/layers', layerListSchema, { signal })).layers;
}

export async function searchLayerFeatures(layerId: string, term: string, signal?: AbortSignal) {
  const answer = await api.get(`/layers/${encodeURIComponent(layerId)}/search`, layerSearchResultSchema, {
    signal,
    query: { q: term, limit: 20 },
  });
  return answer.features;
}

const contactResults = tableResultSchema(contactSchema);
const organisationFilterField = contactTableFields.find((field) => field.name === 'organisation_name')!.name;

/**
 * The names of the people a representation is from (issue 15 point 4: the detector's known names):
 * the representee (a private individual, or an organisation's contacts and agents) and the agent.
 * Each lookup that fails is left out: the names only sharpen the proposals.
 */
export async function fetchKnownNames(
  representation: Representation,
  signal?: AbortSignal,
): Promise<string[]> {
  const names: string[] = [];
  const contactNames = async (id: string) => {
    const contact = await api.get(`/consultations/contacts/${encodeURIComponent(id)}`, contactSchema, {
      signal,
    });
    return [contact.name, `${contact.firstName} ${contact.lastName}`];
  };
  const tasks: Promise<string[]>[] = [];
  if (representation.representeeType === 'privateIndividual') {
    names.push(representation.representeeName);
    if (representation.contactId) tasks.push(contactNames(representation.contactId));
  }
  if (representation.agentName) names.push(representation.agentName);
  if (representation.agentContactId) tasks.push(contactNames(representation.agentContactId));
  if (representation.representeeType === 'organisation' && representation.organisationId) {
    tasks.push(
      api
        .get(
          `/consultations/organisations/${encodeURIComponent(representation.organisationId)}`,
          organisationSchema,
          {
            signal,
          },
        )
        .then((organisation) => organisation.agents.map((agent) => agent.name)),
    );
    tasks.push(
      api
        .post(
          '/consultations/contacts/search',
          contactResults,
          {
            limit: 100,
            filter: [
              {
                type: 'select',
                dbPropertyName: organisationFilterField,
                equality: 'EQ',
                value: representation.representeeName,
              },
            ],
          },
          { signal },
        )
        .then((answer) =>
          answer.result.rows.flatMap((contact) => [contact.name, `${contact.firstName} ${contact.lastName}`]),
        ),
    );
  }
  for (const result of await Promise.allSettled(tasks))
    if (result.status === 'fulfilled') names.push(...result.value);
  return names;
}
