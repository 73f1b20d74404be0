import { z } from 'zod';
import { documentAttachmentsSchema } from '../documents/api';
import { contactSchema } from './contacts';
import { customColumnSchema } from './customColumns';
import {
  consultationEventSchema,
  subRepresentationSchema,
  timelineEntrySchema,
  topicSchema,
} from './schemas';
import { attitudes, correspondenceTypes, customColumnTableSchema, representationStatuses } from './statuses';

/**
 * The answers of the representation manager's core routes (consultations, contacts and
 * organisations, representations), and the messages the spec leaves to us. The inputs are the
 * schemas of `contacts.ts`, `customColumns.ts` and `schemas.ts`.
 */
export const consultationMessages = {
  pagesOff: 'Consultations are not enabled for this council',
  contactsOff: 'Contact management is not enabled for this council',
  topicNameTaken: 'A topic with this name already exists',
  topicNotFound: 'Topic not found',
  siteNotFound: 'Site not found',
  documentNotFound: 'Document not found',
  agentsMustBeAgents: 'Agents must be contacts of type agent',
  agentMustBeAgent: 'The agent must be a contact of type agent',
  contactNotInOrganisation: 'The contact does not belong to this organisation',
  columnFixed: "A column's table and type cannot be changed",
  textTooLong: 'The text is too long',
  attachmentNotFound: 'Attachment not found',
} as const;

/** What a representation's timeline records (`representation_events.action`). */
export const timelineActions = [
  'created',
  'updated',
  'status changed',
  'redaction added',
  'redaction removed',
  'sub-representation created',
  'sub-representation deleted',
  'sub-representation restored',
  'duplicated',
  'response saved',
  'response deleted',
  'response restored',
] as const;
export type TimelineAction = (typeof timelineActions)[number];

export const consultationEventListSchema = z.object({ events: z.array(consultationEventSchema) });
export const topicListSchema = z.object({ topics: z.array(topicSchema) });

/** Spec 02 §4 "Consultation settings (status presets)": the statuses in order with their colours. */
export const consultationSettingsSchema = z.object({
  statuses: z.array(z.object({ name: z.enum(representationStatuses), colour: z.string() })),
  attitudes: z.array(z.enum(attitudes)),
  correspondenceTypes: z.array(z.enum(correspondenceTypes)),
});
export type ConsultationSettings = z.infer<typeof consultationSettingsSchema>;

export const salutationsSchema = z.object({ salutations: z.array(z.string()) });

export const customColumnListQuerySchema = z.object({ table: customColumnTableSchema });
export const customColumnListSchema = z.object({ columns: z.array(customColumnSchema) });

/**
 * A column's change: any of the create body's fields. The table and the type stay as they are
 * (values already kept would no longer fit); options removed take their values off the rows.
 */
export const updateCustomColumnBodySchema = z.object({
  table: z.unknown().optional(),
  name: z.unknown().optional(),
  renderType: z.unknown().optional(),
  renderFeature: z.unknown().optional(),
  dataType: z.unknown().optional(),
  options: z.unknown().optional(),
});

/** A custom value's answer: the row's values by column id after the change. */
export const customValuesSchema = z.object({ custom: z.record(z.string(), z.unknown()) });

export const contactListSchema = z.object({ contacts: z.array(contactSchema) });

/**
 * PATCH of a contact or an organisation: any fields of the create body. The change is checked
 * with the row's other values by the same schema as a create (`contactInputSchema`,
 * `organisationInputSchema`), so an agent without a job title is refused either way.
 */
export const updateContactBodySchema = z.record(z.string(), z.unknown());
export const updateOrganisationBodySchema = z.record(z.string(), z.unknown());

export const duplicatedSchema = z.object({
  representations: z.array(z.object({ id: z.string(), reference: z.string(), duplicateOf: z.string() })),
});

export const representationTimelineSchema = z.object({ timeline: z.array(timelineEntrySchema) });

export const subRepresentationUpdatedSchema = z.object({
  representationId: z.string(),
  subRepresentation: subRepresentationSchema,
});

export const representationAttachmentsSchema = documentAttachmentsSchema;

/** Near-duplicate letters (a campaign) of one event, largest group first. */
export const campaignGroupsSchema = z.object({
  groups: z.array(
    z.object({
      /** The exemplar's id, as rows carry it in `campaign.id`. */
      id: z.string(),
      size: z.number().int(),
      similarity: z.number(),
      exemplar: z.object({ id: z.string(), reference: z.string() }),
      representations: z.array(
        z.object({ id: z.string(), reference: z.string(), representeeName: z.string() }),
      ),
    }),
  ),
});
export type CampaignGroups = z.infer<typeof campaignGroupsSchema>;
export const campaignQuerySchema = z.object({ eventId: z.uuid() });
