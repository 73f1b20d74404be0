import { z } from 'zod';
import type { ConfigQuestion } from '../config/documents';

/**
 * Issue 27 point 2: what a landowner or agent submits to a call for sites. A submission holds one
 * or more sites (point 3), each with its boundary, the ordinary questions every call asks
 * (ownership, availability, uses, capacity, constraints known) and the answers to the call's
 * questionnaire; the submitter's contact details and, for an agent, the client's. A draft may be
 * incomplete; submitting checks it whole and gives it a reference.
 */
export const cfsSubmissionMessages = {
  submissionNotFound: 'Submission not found',
  callNotOpen: 'This call for sites is not open for submissions',
  notDraft: 'This submission has been submitted and can no longer be changed',
  cannotWithdraw: 'Only a submission awaiting review can be withdrawn',
  publicAccountOnly: 'Sign in with a consultation account to submit sites',
  nameRequired: 'Enter your full name',
  emailRequired: 'Enter your email address',
  emailInvalid: 'Enter an email address in the correct format, like name@example.com',
  addressRequired: 'Enter your address',
  clientNameRequired: "Enter your client's name",
  siteRequired: 'Add at least one site',
  siteNameRequired: 'Enter a name for the site',
  boundaryRequired: 'Draw the site boundary on the map or upload a boundary file',
  ownershipRequired: 'Select who owns the land',
  availabilityRequired: 'Select when the site could be available',
  proposedUseRequired: 'Select at least one proposed use',
  answerRequired: 'Answer this question',
  answerInvalid: 'Choose from the options given',
  tooMany: (max: number) => `A submission can hold at most ${max} sites`,
  tooManyStarted: 'You have started a lot of submissions in the last hour. Please wait a while and try again',
  tooManyForCall: (max: number) =>
    `You can have at most ${max} submissions to one call for sites. Withdraw or delete one to make another`,
  attachmentNotFound: 'Attachment not found',
  submitted: (reference: string) => `Submission ${reference} received`,
  withdrawn: 'Submission withdrawn',
} as const;
const M = cfsSubmissionMessages;

export const SUBMISSION_LIMITS = {
  /** Spam limits (issue 27 point 8): drafts started per account and per address in an hour, and per call. */
  startsPerAccountHour: 10,
  startsPerAddressHour: 30,
  perCallPerAccount: 50,
  sitesMax: 20,
  textMax: 200,
  longTextMax: 4000,
  answerMax: 10_000,
  homesMax: 100_000,
  floorspaceMax: 10_000_000,
} as const;

export const submissionStatuses = ['draft', 'new', 'in_review', 'accepted', 'rejected', 'withdrawn'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];
export const submissionStatusLabels: Record<SubmissionStatus, string> = {
  draft: 'Draft',
  new: 'Submitted',
  in_review: 'In review',
  accepted: 'Accepted',
  rejected: 'Not accepted',
  withdrawn: 'Withdrawn',
};

export const ownershipOptions = {
  sole: 'I own all of the land, or my client does',
  part: 'I own part of the land, or my client does',
  none: 'I do not own the land and neither does my client',
} as const;
export const availabilityOptions = {
  now: 'Now',
  '0-5': 'Within 5 years',
  '6-10': 'In 6 to 10 years',
  '11-15': 'In 11 to 15 years',
  later: 'After 15 years',
} as const;
export const proposedUseOptions = {
  housing: 'Housing',
  employment: 'Employment (offices, industry, warehouses)',
  retail: 'Shops and town centre uses',
  community: 'Community facilities',
  leisure: 'Leisure and open space',
  gypsy: 'Gypsy, Traveller and Travelling Showpeople pitches',
  energy: 'Renewable energy',
  other: 'Other',
} as const;
export const constraintOptions = {
  flooding: 'Flooding',
  access: 'Access or highways',
  contamination: 'Contamination',
  heritage: 'Heritage',
  ecology: 'Ecology or protected species',
  trees: 'Protected trees',
  utilities: 'Utilities or easements',
  covenants: 'Legal restrictions or covenants',
} as const;

const keys = <T extends Record<string, string>>(options: T) =>
  Object.keys(options) as [keyof T & string, ...(keyof T & string)[]];

const text = (max: number = SUBMISSION_LIMITS.textMax) => z.string().trim().max(max);

/** Where a boundary comes from: a GeoJSON polygon or multipolygon in WGS84 (drawn, or read from a file). */
export const boundaryShapeSchema = z.object({
  type: z.enum(['Polygon', 'MultiPolygon']),
  coordinates: z.array(z.unknown()).max(10_000),
});

/** The ordinary questions of every call (beside the council's questionnaire). */
export const siteDetailsSchema = z.object({
  ownership: z.enum(keys(ownershipOptions)).nullish(),
  /** Other owners, when the submitter owns part or none of the land. */
  otherOwners: text(SUBMISSION_LIMITS.longTextMax).nullish(),
  availability: z.enum(keys(availabilityOptions)).nullish(),
  currentUse: text(SUBMISSION_LIMITS.longTextMax).nullish(),
  proposedUses: z
    .array(z.enum(keys(proposedUseOptions)))
    .max(8)
    .default([]),
  homes: z.number().int().min(0).max(SUBMISSION_LIMITS.homesMax).nullish(),
  floorspaceM2: z.number().int().min(0).max(SUBMISSION_LIMITS.floorspaceMax).nullish(),
  constraintsKnown: z
    .array(z.enum(keys(constraintOptions)))
    .max(8)
    .default([]),
  constraintNotes: text(SUBMISSION_LIMITS.longTextMax).nullish(),
});
export type SiteDetails = z.infer<typeof siteDetailsSchema>;

/** An answer to a questionnaire question: option ids (Preferences, Ranking in order), a scale value or text. */
export const questionAnswerSchema = z.union([
  z.string().max(SUBMISSION_LIMITS.answerMax),
  z.array(z.string().max(200)).max(30),
]);
export const questionnaireAnswersSchema = z.record(z.string().max(64), questionAnswerSchema);
export type QuestionnaireAnswers = z.infer<typeof questionnaireAnswersSchema>;

export const submissionSiteInputSchema = z.object({
  name: text().default(''),
  boundary: boundaryShapeSchema.nullish(),
  details: siteDetailsSchema.default({ proposedUses: [], constraintsKnown: [] }),
  answers: questionnaireAnswersSchema.default({}),
});

export const submitterContactSchema = z.object({
  name: text().default(''),
  organisation: text().nullish(),
  email: text().default(''),
  phone: text(40).nullish(),
  address: text(SUBMISSION_LIMITS.longTextMax).default(''),
});
export type SubmissionContact = z.infer<typeof submitterContactSchema>;

export const clientSchema = z.object({
  name: text().default(''),
  organisation: text().nullish(),
  address: text(SUBMISSION_LIMITS.longTextMax).nullish(),
});

/** A draft as saved (Save and come back later): anything may still be missing. */
export const submissionDraftInputSchema = z.object({
  contact: submitterContactSchema.default({ name: '', email: '', address: '' }),
  /** An agent's client; null when submitting for oneself. */
  onBehalfOf: clientSchema.nullish(),
  sites: z
    .array(submissionSiteInputSchema)
    .max(SUBMISSION_LIMITS.sitesMax, M.tooMany(SUBMISSION_LIMITS.sitesMax)),
});
export type SubmissionDraftInput = z.input<typeof submissionDraftInputSchema>;

export const submissionSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The boundary back in WGS84 GeoJSON, for the map. */
  boundary: boundaryShapeSchema.nullable(),
  areaHa: z.number().nullable(),
  details: siteDetailsSchema,
  answers: questionnaireAnswersSchema,
});
export type SubmissionSite = z.infer<typeof submissionSiteSchema>;

export const cfsSubmissionSchema = z.object({
  id: z.string(),
  callId: z.string(),
  callName: z.string(),
  reference: z.string().nullable(),
  status: z.enum(submissionStatuses),
  contact: submitterContactSchema,
  onBehalfOf: clientSchema.nullable(),
  sites: z.array(submissionSiteSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});
export type CfsSubmission = z.infer<typeof cfsSubmissionSchema>;

export const myCfsSubmissionListSchema = z.object({
  submissions: z.array(
    cfsSubmissionSchema
      .pick({
        id: true,
        callId: true,
        callName: true,
        reference: true,
        status: true,
        updatedAt: true,
        submittedAt: true,
      })
      .extend({ siteCount: z.number().int() }),
  ),
});
export type MyCfsSubmissionList = z.infer<typeof myCfsSubmissionListSchema>;

export type SubmissionProblem = { path: string; message: string };

/**
 * What stops a draft from being submitted, each with the place it belongs (`contact.email`,
 * `sites.0.boundary`, `sites.1.answers.q-access`): the whole list at once, as GOV.UK's error
 * summary shows it. `questions` are the call's questionnaire questions (all topics).
 */
export function submissionProblems(
  draft: z.output<typeof submissionDraftInputSchema> & { sites: { boundary?: unknown }[] },
  questions: readonly {
    id: string;
    kind: string;
    required?: boolean;
    options?: { id: string }[];
    items?: { id: string }[];
    scale?: string[];
  }[],
): SubmissionProblem[] {
  const problems: SubmissionProblem[] = [];
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) problems.push({ path, message });
  };
  const { contact } = draft;
  need(contact.name.trim() !== '', 'contact.name', M.nameRequired);
  if (contact.email.trim() === '') problems.push({ path: 'contact.email', message: M.emailRequired });
  else need(z.email().safeParse(contact.email.trim()).success, 'contact.email', M.emailInvalid);
  need(contact.address.trim() !== '', 'contact.address', M.addressRequired);
  if (draft.onBehalfOf) need(draft.onBehalfOf.name.trim() !== '', 'onBehalfOf.name', M.clientNameRequired);
  need(draft.sites.length > 0, 'sites', M.siteRequired);
  draft.sites.forEach((site, index) => {
    const at = `sites.${index}`;
    need(site.name.trim() !== '', `${at}.name`, M.siteNameRequired);
    need(Boolean(site.boundary), `${at}.boundary`, M.boundaryRequired);
    need(Boolean(site.details.ownership), `${at}.details.ownership`, M.ownershipRequired);
    need(Boolean(site.details.availability), `${at}.details.availability`, M.availabilityRequired);
    need(site.details.proposedUses.length > 0, `${at}.details.proposedUses`, M.proposedUseRequired);
    for (const question of questions) {
      const answer = site.answers[question.id];
      const path = `${at}.answers.${question.id}`;
      const empty =
        answer === undefined || (typeof answer === 'string' ? answer.trim() === '' : answer.length === 0);
      if (empty) {
        if (question.required) problems.push({ path, message: M.answerRequired });
        continue;
      }
      const allowed =
        question.kind === 'Preferences'
          ? question.options?.map((o) => o.id)
          : question.kind === 'Ranking'
            ? question.items?.map((i) => i.id)
            : question.kind === 'Opinion'
              ? question.scale
              : null;
      if (!allowed) {
        need(typeof answer === 'string', path, M.answerInvalid);
        continue;
      }
      const given = typeof answer === 'string' ? [answer] : answer;
      const fits =
        (question.kind === 'Opinion' ? typeof answer === 'string' : Array.isArray(answer)) &&
        given.every((value) => allowed.includes(value)) &&
        new Set(given).size === given.length;
      need(fits, path, M.answerInvalid);
    }
  });
  return problems;
}

/** A boundary read from an uploaded file (shapefile zip, GeoPackage, KML or KMZ, GeoJSON). */
export const boundaryFileMessages = {
  fileRequired: 'Choose a boundary file',
  formatNotAccepted:
    'The boundary file must be a zipped shapefile, a GeoPackage, a KML or KMZ file, or GeoJSON',
  tooLarge: (mb: number) => `The boundary file must be smaller than ${mb} MB`,
  unreadable: 'The boundary file could not be read. Check it opens in a GIS program and try again',
  noPolygons: 'The boundary file holds no areas (polygons). Draw the boundary on the map instead',
  tooManyFeatures: (max: number) =>
    `The boundary file holds more than ${max} areas. Upload one site's boundary at a time`,
} as const;
export const BOUNDARY_FILE_LIMITS = { maxMb: 10, maxFeatures: 200 } as const;

export const boundaryFileResultSchema = z.object({
  fileName: z.string(),
  /** Every area of the file joined into one, in WGS84. */
  boundary: boundaryShapeSchema,
  areaHa: z.number(),
  featureCount: z.number().int(),
});
export type BoundaryFileResult = z.infer<typeof boundaryFileResultSchema>;

/** Issue 27 point 4: what reviewing officers read and do. */
export const cfsReviewMessages = {
  notAwaitingReview: 'Only a submission awaiting review can be decided',
  reasonRequired: 'Give the reason the submitter will be sent',
  accepted: (sites: number) => (sites === 1 ? 'Accepted: 1 site added' : `Accepted: ${sites} sites added`),
  rejected: 'Rejected: the submitter has been emailed the reason',
  inReview: 'Marked as in review',
} as const;

/** A submission's availability as the site record's 'Availability time period' names it. */
export const availabilityTimePeriodOf: Record<keyof typeof availabilityOptions, string> = {
  now: '0-5 years',
  '0-5': '0-5 years',
  '6-10': '6-10 years',
  '11-15': '11-15 years',
  later: 'Not currently available',
};

export const reviewSiteOverlapsSchema = z.object({
  /** Live sites of the council the boundary meets. */
  sites: z.array(z.object({ id: z.string(), reference: z.string().nullable(), name: z.string().nullable() })),
  /** Other submitted (not draft, not withdrawn) submissions whose sites meet it. */
  submissions: z.array(z.object({ id: z.string(), reference: z.string().nullable() })),
  /** The same submitter's earlier submission of the same land (issue 27 point 3), if any. */
  sameLandAs: z
    .object({ submissionId: z.string(), reference: z.string().nullable(), site: z.string() })
    .nullable(),
  /** The council's layers with features the boundary meets (constraints), with how many. */
  layers: z.array(z.object({ id: z.string(), title: z.string(), features: z.number().int() })),
});

export const reviewSubmissionSchema = cfsSubmissionSchema.extend({
  sites: z.array(
    submissionSiteSchema.extend({
      overlaps: reviewSiteOverlapsSchema,
      siteId: z.string().nullable(),
      /** When the constraint layers (overlaps.layers) were worked out: on arrival, kept since. */
      constraintsCheckedAt: z.string().nullable(),
    }),
  ),
  reviewedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

export const reviewListQuerySchema = z.object({
  callId: z.uuid().optional(),
  status: z.enum(['new', 'in_review', 'accepted', 'rejected', 'withdrawn']).optional(),
  /** Submissions whose sites met constraint layers on arrival, or met none. */
  constraints: z.enum(['with', 'without'], 'Constraints is with or without').optional(),
});
export const reviewListSchema = z.object({
  submissions: z.array(
    z.object({
      id: z.string(),
      reference: z.string().nullable(),
      callId: z.string(),
      callName: z.string(),
      status: z.enum(submissionStatuses),
      submitter: z.string(),
      onBehalfOf: z.string().nullable(),
      siteCount: z.number().int(),
      areaHa: z.number(),
      submittedAt: z.string().nullable(),
      overlapsSites: z.number().int(),
      /** How many constraint layers its sites met on arrival (stored, not worked out again). */
      constraintLayers: z.number().int(),
    }),
  ),
  counts: z.object({
    new: z.number(),
    in_review: z.number(),
    accepted: z.number(),
    rejected: z.number(),
    withdrawn: z.number(),
  }),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

export const rejectSubmissionSchema = z.object({
  reason: z.string().trim().min(1, cfsReviewMessages.reasonRequired).max(SUBMISSION_LIMITS.longTextMax),
});

/** Issue 27 point 6: a call's figures. Submitted means not draft; withdrawn ones are counted apart. */
export const callAnalyticsSchema = z.object({
  callId: z.string(),
  byStatus: z.object({
    new: z.number(),
    in_review: z.number(),
    accepted: z.number(),
    rejected: z.number(),
    withdrawn: z.number(),
  }),
  /** Submissions made each day (UK days), oldest first. */
  byDay: z.array(z.object({ day: z.string(), submissions: z.number() })),
  drafts: z.number(),
  sites: z.number(),
  /** Of the sites not withdrawn: their area, the homes and floorspace put forward. */
  areaHa: z.number(),
  homes: z.number(),
  floorspaceM2: z.number(),
  /** Every submitted site's outline with its status, for the map (WGS84 GeoJSON). */
  map: z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.object({
        type: z.literal('Feature'),
        geometry: boundaryShapeSchema,
        properties: z.object({
          submissionId: z.string(),
          reference: z.string().nullable(),
          status: z.string(),
          name: z.string(),
        }),
      }),
    ),
  }),
});
export type CallAnalytics = z.infer<typeof callAnalyticsSchema>;

/** Merging a submitted site into an existing site of the council (the same land, already assessed). */
export const mergeSubmissionSchema = z.object({
  siteIndex: z
    .number()
    .int()
    .min(0)
    .max(SUBMISSION_LIMITS.sitesMax - 1),
  siteId: z.string().regex(/^\d{1,18}$/, 'Choose the existing site'),
});
export const cfsMergeMessages = {
  siteNotFound: 'The existing site does not exist',
  noSuchSubmittedSite: 'The submission has no such site',
  alreadyDecided: 'This site of the submission has already been added or merged',
  merged: (reference: string) => `Merged into site ${reference}`,
} as const;

/** Spec 03 §7 "/submissions delete and restore (userIds)": a person's submissions, by account. */
export const submissionsByUsersSchema = z.object({
  userIds: z.array(z.uuid('An account id')).min(1, 'Choose at least one account').max(100),
});
export const submissionsChangedSchema = z.object({ submissions: z.number().int(), message: z.string() });
export const cfsDeleteMessages = {
  deleted: (n: number) => (n === 1 ? '1 submission deleted' : `${n} submissions deleted`),
  restored: (n: number) => (n === 1 ? '1 submission restored' : `${n} submissions restored`),
} as const;

/**
 * An answer in the words the submitter chose from: a Preferences answer's option labels, a
 * Ranking's items as '1. …' in order, an Opinion's scale point or a Comment's text as given. An id
 * the questionnaire no longer has stays as it is. Each reader joins them its own way.
 */
export function answerLabels(
  question: ConfigQuestion | undefined,
  answer: string | readonly string[],
): string[] {
  const given = typeof answer === 'string' ? [answer] : [...answer];
  if (question?.kind === 'Preferences')
    return given.map((id) => question.options.find((option) => option.id === id)?.label ?? id);
  if (question?.kind === 'Ranking')
    return given.map(
      (id, index) => `${index + 1}. ${question.items.find((item) => item.id === id)?.label ?? id}`,
    );
  return given;
}
