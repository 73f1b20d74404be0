import { z } from 'zod';
import { consentInputSchema, consentSchema } from '../data-protection/consent';
import { REPRESENTATION_LIMITS as L } from './limits';
import { representationMessages as m } from './messages';
import {
  attitudeSchema,
  correspondenceTypeSchema,
  representationStatusSchema,
  representeeTypeSchema,
} from './statuses';
import type { TableField } from './tableQuery';
import {
  correspondenceTypes,
  representationStatuses,
  attitudes,
  representeeTypes,
  requiredChoice,
} from './statuses';

const isoDate = z.iso.date();
const optionalDate = isoDate.nullish().transform((value) => value ?? null);

/** Spec 02 §3 Consultation correspondence form and §5 its messages (spelled as the spec spells them). */
export const correspondenceFormSchema = z.object({
  event: z.uuid({ error: m.eventRequired }),
  correspondence: requiredChoice(correspondenceTypes, m.correspondenceRequired, 'correspondence types'),
  letterDate: optionalDate,
  receivedDate: z.string({ error: m.receivedDateRequired }).min(1, m.receivedDateRequired).pipe(isoDate),
  aknowledgeDate: z
    .string({ error: m.acknowledgeDateRequired })
    .min(1, m.acknowledgeDateRequired)
    .pipe(isoDate),
  dueDate: optionalDate,
});
export type CorrespondenceForm = z.input<typeof correspondenceFormSchema>;

/** Spec 02 §3 Representee: an organisation or a private individual (a contact). */
export const representeeSchema = z
  .object({
    type: representeeTypeSchema,
    organisationId: z
      .uuid()
      .nullish()
      .transform((value) => value ?? null),
    contactId: z
      .uuid()
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((value) => (value.type === 'organisation' ? !!value.organisationId : !!value.contactId), {
    message: m.representeeRequired,
  });

/**
 * Spec 02 §7 "Create representation (correspondenceType, consultationEventId, letterDate,
 * acknowledgementDate)" with the representee, agent and the text as received.
 */
export const createRepresentationBodySchema = z.object({
  correspondenceType: correspondenceTypeSchema,
  consultationEventId: z.uuid({ error: m.eventRequired }),
  letterDate: optionalDate,
  receivedDate: isoDate,
  acknowledgementDate: optionalDate,
  dueDate: optionalDate,
  attitude: attitudeSchema.nullish().transform((value) => value ?? null),
  representee: representeeSchema,
  agentContactId: z
    .uuid()
    .nullish()
    .transform((value) => value ?? null),
  originalText: z.string().max(L.textMax).default(''),
  topicIds: z.array(z.uuid()).max(50).default([]),
  siteIds: z
    .array(z.string().regex(/^\d{1,18}$/))
    .max(200)
    .default([]),
  /** Issue 26 point 6: the notice the form or letter was under and what the writer agreed to. */
  consent: consentInputSchema.optional(),
});
export type CreateRepresentationBody = z.input<typeof createRepresentationBodySchema>;

/** Spec 02 §7 Update: any of these; the text as received never changes once set. */
export const updateRepresentationBodySchema = z
  .object({
    correspondenceType: correspondenceTypeSchema,
    consultationEventId: z.uuid(),
    letterDate: optionalDate,
    receivedDate: isoDate,
    acknowledgementDate: optionalDate,
    dueDate: optionalDate,
    status: representationStatusSchema,
    attitude: attitudeSchema.nullable(),
    representee: representeeSchema,
    agentContactId: z.uuid().nullable(),
    topicIds: z.array(z.uuid()).max(50),
    siteIds: z.array(z.string().regex(/^\d{1,18}$/)).max(200),
    /** The editor's document (TipTap JSON) with its marks; see `editor.ts`. */
    content: z.unknown(),
    /** Issue 26 point 6: as the form or letter says. */
    consent: consentInputSchema,
  })
  .partial();
export type UpdateRepresentationBody = z.input<typeof updateRepresentationBodySchema>;

export const idsBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(L.idsMax) });
export const statusBodySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(L.idsMax),
  status: representationStatusSchema,
});

/** A representation in the table (spec 02 §3; the text is the staff's plain text excerpt). */
export const representationRowSchema = z.object({
  id: z.string(),
  reference: z.string(),
  consultationEventId: z.string(),
  eventName: z.string(),
  correspondenceType: correspondenceTypeSchema,
  letterDate: z.string().nullable(),
  receivedDate: z.string(),
  acknowledgementDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: representationStatusSchema,
  attitude: attitudeSchema.nullable(),
  representeeType: representeeTypeSchema,
  representeeName: z.string(),
  organisationId: z.string().nullable(),
  contactId: z.string().nullable(),
  agentContactId: z.string().nullable(),
  agentName: z.string().nullable(),
  topics: z.array(z.object({ id: z.string(), name: z.string() })),
  siteIds: z.array(z.string()),
  excerpt: z.string(),
  subRepresentationCount: z.number().int(),
  responseCount: z.number().int(),
  /** Near-duplicate group (a campaign letter): its id and size, or null. */
  campaign: z.object({ id: z.string(), size: z.number().int() }).nullable(),
  custom: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RepresentationRow = z.infer<typeof representationRowSchema>;

export const subRepresentationSchema = z.object({
  id: z.string(),
  representationId: z.string(),
  sequentialId: z.number().int(),
  reference: z.string(),
  content: z.unknown(),
  plainText: z.string(),
  comment: z.string().nullable(),
  status: representationStatusSchema,
  attitude: attitudeSchema.nullable(),
  topicId: z.string().nullable(),
  siteIds: z.array(z.string()),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SubRepresentation = z.infer<typeof subRepresentationSchema>;

/** Spec 02 §7 "Update a sub-representation (isDeleted or other fields); returns representationId". */
export const createSubRepresentationBodySchema = z.object({
  content: z.unknown().optional(),
  comment: z.string().trim().max(L.commentMax).nullish(),
  attitude: attitudeSchema.nullish(),
  topicId: z.uuid().nullish(),
  siteIds: z
    .array(z.string().regex(/^\d{1,18}$/))
    .max(200)
    .default([]),
});
export const updateSubRepresentationBodySchema = createSubRepresentationBodySchema
  .extend({ isDeleted: z.boolean(), status: representationStatusSchema })
  .partial();

/** The whole representation for its detail view and the editor (staff only). */
export const representationSchema = representationRowSchema.extend({
  originalText: z.string(),
  content: z.unknown(),
  publicText: z.string(),
  subRepresentations: z.array(subRepresentationSchema),
  /** Issue 26 point 6: whether the writer's name may be published, and their contact for updates. */
  consent: consentSchema,
  /** canSeeOriginal: the text as received (personal-data read); otherwise every text is redacted. */
  policy: z.object({ canWrite: z.boolean(), canDelete: z.boolean(), canSeeOriginal: z.boolean() }),
});
export type Representation = z.infer<typeof representationSchema>;

/** 'R000042': how a representation is cited in letters and the consultation statement. */
export const representationReference = (reference: number): string =>
  `R${String(reference).padStart(6, '0')}`;
export const subRepresentationReference = (reference: number, sequentialId: number): string =>
  `${representationReference(reference)}/${sequentialId}`;

/** A consultation event (spec 02 §3 "consultationEventId"); its admin screens are issue 16's. */
export const consultationEventInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Event name is required').max(L.eventNameMax),
    description: z.string().trim().max(4000).nullish(),
    startsOn: isoDate,
    endsOn: isoDate,
    documentId: z.uuid().nullish(),
  })
  .refine((value) => value.endsOn >= value.startsOn, {
    path: ['endsOn'],
    message: 'The end date must not be before the start date',
  });
export const consultationEventStates = ['upcoming', 'live', 'expired', 'cancelled'] as const;
export const consultationEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  state: z.enum(consultationEventStates),
  documentId: z.string().nullable(),
  representationCount: z.number().int(),
});
export type ConsultationEvent = z.infer<typeof consultationEventSchema>;

/** Upcoming before its start, live to its end date inclusive, then expired; or cancelled. */
export function eventState(
  event: { startsOn: string; endsOn: string; cancelled: boolean },
  today: string,
): (typeof consultationEventStates)[number] {
  if (event.cancelled) return 'cancelled';
  if (today < event.startsOn) return 'upcoming';
  return today <= event.endsOn ? 'live' : 'expired';
}

export const topicSchema = z.object({
  id: z.string(),
  name: z.string(),
  representationCount: z.number().int(),
});
export const topicInputSchema = z.object({
  name: z.string().trim().min(1, 'Topic name is required').max(L.topicNameMax),
});

/** The timeline of a representation (spec 02 §7 "Timeline … under /consultations"). */
export const timelineEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  userName: z.string(),
  createdAt: z.string(),
});

/** The fields the representations table filters, sorts and groups by (custom columns are added). */
export const representationTableFields: readonly TableField[] = [
  { name: 'reference', label: 'Reference', kind: 'number', sortable: true, groupable: false },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    sortable: true,
    groupable: true,
    options: representationStatuses,
  },
  {
    name: 'attitude',
    label: 'Attitude',
    kind: 'select',
    sortable: true,
    groupable: true,
    options: attitudes,
  },
  {
    name: 'correspondence_type',
    label: 'Correspondence',
    kind: 'select',
    sortable: true,
    groupable: true,
    options: correspondenceTypes,
  },
  {
    name: 'representee_type',
    label: 'Representee type',
    kind: 'select',
    sortable: true,
    groupable: true,
    options: representeeTypes,
  },
  { name: 'consultation_event_id', label: 'Event', kind: 'select', sortable: false, groupable: true },
  { name: 'event_name', label: 'Event', kind: 'text', sortable: true, groupable: false },
  { name: 'representee_name', label: 'Representee', kind: 'text', sortable: true, groupable: true },
  { name: 'agent_name', label: 'Agent', kind: 'text', sortable: true, groupable: true },
  { name: 'received_date', label: 'Received', kind: 'date', sortable: true, groupable: true },
  { name: 'letter_date', label: 'Letter date', kind: 'date', sortable: true, groupable: false },
  { name: 'acknowledgement_date', label: 'Acknowledged', kind: 'date', sortable: true, groupable: false },
  { name: 'due_date', label: 'Due', kind: 'date', sortable: true, groupable: true },
  { name: 'topics', label: 'Topics', kind: 'array', sortable: false, groupable: true },
  { name: 'site_ids', label: 'Sites', kind: 'array', sortable: false, groupable: false },
  { name: 'has_response', label: 'Has a response', kind: 'boolean', sortable: false, groupable: true },
  { name: 'campaign', label: 'Campaign', kind: 'boolean', sortable: false, groupable: false },
  { name: 'updated_at', label: 'Updated', kind: 'date', sortable: true, groupable: false },
  // Record ids (tableIdFields): a campaign's, a contact's, an organisation's or an agent's letters.
  { name: 'campaign_id', label: 'Campaign', kind: 'select', sortable: false, groupable: false },
  { name: 'contact_id', label: 'Contact', kind: 'select', sortable: false, groupable: false },
  { name: 'organisation_id', label: 'Organisation', kind: 'select', sortable: false, groupable: false },
  { name: 'agent_contact_id', label: 'Agent', kind: 'select', sortable: false, groupable: false },
];

export const contactTableFields: readonly TableField[] = [
  { name: 'name', label: 'Name', kind: 'text', sortable: true, groupable: false },
  { name: 'last_name', label: 'Last name', kind: 'text', sortable: true, groupable: false },
  {
    name: 'contact_type',
    label: 'Type',
    kind: 'select',
    sortable: true,
    groupable: true,
    options: ['individual', 'organisation', 'agent'],
  },
  { name: 'organisation_name', label: 'Organisation', kind: 'text', sortable: true, groupable: true },
  { name: 'email', label: 'Email', kind: 'text', sortable: true, groupable: false },
  { name: 'town', label: 'Town', kind: 'text', sortable: true, groupable: true },
  { name: 'postcode', label: 'Postcode', kind: 'text', sortable: true, groupable: false },
  { name: 'updated_at', label: 'Updated', kind: 'date', sortable: true, groupable: false },
  // A record id (tableIdFields): an organisation's contacts.
  { name: 'organisation_id', label: 'Organisation', kind: 'select', sortable: false, groupable: false },
];

export const organisationTableFields: readonly TableField[] = [
  { name: 'name', label: 'Name', kind: 'text', sortable: true, groupable: false },
  {
    name: 'organisation_type',
    label: 'Type',
    kind: 'select',
    sortable: true,
    groupable: true,
    options: [
      'Consultant',
      'Statutory authority',
      'Community group',
      'Residents association',
      'Business',
      'Other',
    ],
  },
  { name: 'email', label: 'Email', kind: 'text', sortable: true, groupable: false },
  { name: 'town', label: 'Town', kind: 'text', sortable: true, groupable: true },
  {
    name: 'country',
    label: 'Country',
    kind: 'select',
    sortable: true,
    groupable: true,
    options: ['England', 'Scotland', 'Wales', 'Northern Ireland'],
  },
  { name: 'postcode', label: 'Postcode', kind: 'text', sortable: true, groupable: false },
  { name: 'updated_at', label: 'Updated', kind: 'date', sortable: true, groupable: false },
];
