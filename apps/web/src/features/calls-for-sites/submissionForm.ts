import {
  answerLabels,
  availabilityOptions,
  constraintOptions,
  ownershipOptions,
  proposedUseOptions,
  submissionProblems,
  type CfsSubmission,
  type ConfigQuestion,
  type DocumentAttachment,
  type QuestionTopic,
  type SubmissionProblem,
} from '@planning/shared';
import { fileSize } from '../../shared/files/fileSize';

/**
 * Issue 27 point 2: a draft submission as the submitter's pages edit it (every field a string or a
 * list, as inputs hold them), to and from what the server keeps; where each of the server's
 * problems belongs (its step and its field); the summary of Check your answers.
 */

export type Boundary = NonNullable<CfsSubmission['sites'][number]['boundary']>;
export type Answer = string | string[];

export type SiteValues = {
  name: string;
  boundary: Boundary | null;
  areaHa: number | null;
  /** The file the boundary was read from, while the page is open (the server keeps only the shape). */
  boundaryFile: string | null;
  ownership: string;
  otherOwners: string;
  availability: string;
  currentUse: string;
  proposedUses: string[];
  homes: string;
  floorspaceM2: string;
  constraintsKnown: string[];
  constraintNotes: string;
  answers: Record<string, Answer>;
};

export type DraftValues = {
  contact: { name: string; organisation: string; email: string; phone: string; address: string };
  /** 'Are you submitting for someone else?': '' until answered. */
  forClient: '' | 'yes' | 'no';
  client: { name: string; organisation: string; address: string };
  sites: SiteValues[];
};

/** What PUT takes, and what submissionProblems() checks (every default filled in). */
export type DraftInput = Parameters<typeof submissionProblems>[0];

export const emptySite = (): SiteValues => ({
  name: '',
  boundary: null,
  areaHa: null,
  boundaryFile: null,
  ownership: '',
  otherOwners: '',
  availability: '',
  currentUse: '',
  proposedUses: [],
  homes: '',
  floorspaceM2: '',
  constraintsKnown: [],
  constraintNotes: '',
  answers: {},
});

const str = (value: string | null | undefined) => value ?? '';
const num = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A submission from the server as the pages' values. */
export function draftValues(submission: CfsSubmission): DraftValues {
  const { contact, onBehalfOf } = submission;
  return {
    contact: {
      name: contact.name,
      organisation: str(contact.organisation),
      email: contact.email,
      phone: str(contact.phone),
      address: contact.address,
    },
    // The server keeps no 'no': a draft whose details were saved without a client said no.
    forClient: onBehalfOf ? 'yes' : contact.name.trim() !== '' ? 'no' : '',
    client: {
      name: str(onBehalfOf?.name),
      organisation: str(onBehalfOf?.organisation),
      address: str(onBehalfOf?.address),
    },
    sites: submission.sites.map((site) => ({
      name: site.name,
      boundary: site.boundary,
      areaHa: site.areaHa,
      boundaryFile: null,
      ownership: str(site.details.ownership),
      otherOwners: str(site.details.otherOwners),
      availability: str(site.details.availability),
      currentUse: str(site.details.currentUse),
      proposedUses: [...site.details.proposedUses],
      homes: num(site.details.homes),
      floorspaceM2: num(site.details.floorspaceM2),
      constraintsKnown: [...site.details.constraintsKnown],
      constraintNotes: str(site.details.constraintNotes),
      answers: { ...site.answers },
    })),
  };
}

/** A whole number typed in a box: null when empty, NaN when it is not one. */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const optional = (text: string) => (text.trim() === '' ? null : text.trim());
const isEmptyAnswer = (answer: Answer | undefined) =>
  answer === undefined || (typeof answer === 'string' ? answer.trim() === '' : answer.length === 0);

type Keyed<T extends Record<string, string>> = keyof T & string;
const pick = <T extends Record<string, string>>(options: T, value: string): Keyed<T> | null =>
  value in options ? (value as Keyed<T>) : null;
const pickAll = <T extends Record<string, string>>(options: T, values: string[]): Keyed<T>[] =>
  values.filter((value): value is Keyed<T> => value in options);

/** The pages' values as the whole draft PUT saves (a number that is not one is left out: the page says so). */
export function draftInput(values: DraftValues): DraftInput {
  return {
    contact: {
      name: values.contact.name.trim(),
      organisation: optional(values.contact.organisation),
      email: values.contact.email.trim(),
      phone: optional(values.contact.phone),
      address: values.contact.address.trim(),
    },
    onBehalfOf:
      values.forClient === 'yes'
        ? {
            name: values.client.name.trim(),
            organisation: optional(values.client.organisation),
            address: optional(values.client.address),
          }
        : null,
    sites: values.sites.map((site) => {
      const ownership = pick(ownershipOptions, site.ownership);
      const count = (text: string) => {
        const value = wholeNumber(text);
        return value === null || Number.isNaN(value) ? null : value;
      };
      return {
        name: site.name.trim(),
        boundary: site.boundary,
        details: {
          ownership,
          // Asked only when the submitter does not own all of the land.
          otherOwners: ownership && ownership !== 'sole' ? optional(site.otherOwners) : null,
          availability: pick(availabilityOptions, site.availability),
          currentUse: optional(site.currentUse),
          proposedUses: pickAll(proposedUseOptions, site.proposedUses),
          homes: count(site.homes),
          floorspaceM2: count(site.floorspaceM2),
          constraintsKnown: pickAll(constraintOptions, site.constraintsKnown),
          constraintNotes: optional(site.constraintNotes),
        },
        answers: Object.fromEntries(
          Object.entries(site.answers).filter(([, answer]) => !isEmptyAnswer(answer)),
        ),
      };
    }),
  };
}

/** Every question of the questionnaire, topic after topic. */
export const allQuestions = (topics: readonly QuestionTopic[]): ConfigQuestion[] =>
  topics.flatMap((topic) => topic.questions);

/** What stops the draft from being submitted: the server's own check, run before asking it. */
export const draftProblems = (values: DraftValues, topics: readonly QuestionTopic[]): SubmissionProblem[] =>
  submissionProblems(draftInput(values), allQuestions(topics));

/** Too many boxes ticked for a question that allows only so many. */
export function choiceProblem(question: ConfigQuestion, answer: Answer | undefined): string | undefined {
  if (question.kind !== 'Preferences') return undefined;
  const max = question.maxChoices ?? 1;
  const given = Array.isArray(answer) ? answer : answer ? [answer] : [];
  if (given.length <= max) return undefined;
  return max === 1 ? 'Select one option' : `Select up to ${max} options`;
}

/** Numbers typed that are not whole numbers, on the site's page. */
export function siteNumberProblems(site: SiteValues, index: number): SubmissionProblem[] {
  const problems: SubmissionProblem[] = [];
  if (Number.isNaN(wholeNumber(site.homes)))
    problems.push({ path: `sites.${index}.details.homes`, message: numberMessages.homes });
  if (Number.isNaN(wholeNumber(site.floorspaceM2)))
    problems.push({ path: `sites.${index}.details.floorspaceM2`, message: numberMessages.floorspaceM2 });
  return problems;
}

export const numberMessages = {
  homes: 'Enter the number of homes as a whole number, like 25',
  floorspaceM2: 'Enter the floorspace in square metres as a whole number, like 1200',
} as const;

// ---------------------------------------------------------------------------------------------
// Steps, and where each problem belongs.

export type StepKey = 'details' | 'sites' | 'site' | 'documents' | 'check';

/** The file input of Supporting documents: where a refused upload's message points. */
export const DOCUMENTS_FIELD = 'documents-file';

/** Only a submission awaiting review (the server's rule) can be withdrawn; a draft is deleted instead. */
export const canWithdraw = (submission: Pick<CfsSubmission, 'status'>) =>
  submission.status === 'new' || submission.status === 'in_review';

/** Your submissions: the signed-in account's list. */
export const MY_SUBMISSIONS = '/calls-for-sites/my-submissions';

export const submissionBase = (submissionId: string) =>
  `/calls-for-sites/submissions/${encodeURIComponent(submissionId)}`;

/** A step's address; a site's page is numbered from 1 (Site 1). */
export function stepHref(submissionId: string, step: StepKey, siteIndex = 0): string {
  const base = submissionBase(submissionId);
  if (step === 'site') return `${base}/sites/${siteIndex + 1}`;
  return `${base}/${step}`;
}

export type IssueTarget = { step: StepKey; siteIndex: number; fieldId: string; href: string };

/** A question's field id (its first input: a radio, a box, the first Move button). */
export const questionFieldId = (questionId: string) => `question-${questionId}`;

/**
 * Where a problem belongs: `contact.email` on Your details, `sites.1.answers.q-access` on Site 2's
 * page at that question (the server's PUT names them under `body.`), `attachments` on Supporting
 * documents.
 */
export function issueTarget(path: string, submissionId: string): IssueTarget {
  const parts = path.replace(/^body\./, '').split('.');
  const [head, second, third, fourth] = parts;
  const at = (step: StepKey, fieldId: string, siteIndex = 0): IssueTarget => ({
    step,
    siteIndex,
    fieldId,
    href: `${stepHref(submissionId, step, siteIndex)}#${fieldId}`,
  });
  if (head === 'contact') return at('details', `contact-${second ?? 'name'}`);
  if (head === 'onBehalfOf') return at('details', `client-${second ?? 'name'}`);
  if (head === 'sites' && second !== undefined && /^\d+$/.test(second)) {
    const index = Number(second);
    if (third === 'answers' && fourth) return at('site', questionFieldId(parts.slice(3).join('.')), index);
    if (third === 'details' && fourth) return at('site', `site-${fourth}`, index);
    if (third === 'name' || third === 'boundary') return at('site', `site-${third}`, index);
    return at('site', 'site-name', index);
  }
  if (head === 'sites') return at('sites', 'sites-add');
  if (head === 'attachments') return at('documents', DOCUMENTS_FIELD);
  return at('details', 'contact-name');
}

/** The problems of one page: Your details, the sites list, or one site's page. */
export function problemsOn(
  problems: readonly SubmissionProblem[],
  step: StepKey,
  siteIndex = 0,
): SubmissionProblem[] {
  return problems.filter((problem) => {
    const target = issueTarget(problem.path, '');
    return target.step === step && (step !== 'site' || target.siteIndex === siteIndex);
  });
}

/** The message on one field of the page (its first problem), if any. */
export function fieldError(
  problems: readonly SubmissionProblem[],
  fieldId: string,
  siteIndex?: number,
): string | undefined {
  return problems.find((problem) => {
    const target = issueTarget(problem.path, '');
    return target.fieldId === fieldId && (siteIndex === undefined || target.siteIndex === siteIndex);
  })?.message;
}

/**
 * After a save, the problems still shown: those that are still problems (a fixed field loses its
 * message; nothing new is raised before the submitter asks to submit).
 */
export function remainingProblems(
  shown: readonly SubmissionProblem[],
  now: readonly SubmissionProblem[],
): SubmissionProblem[] {
  const still = new Set(now.map((problem) => problem.path));
  return shown.filter((problem) => still.has(problem.path.replace(/^body\./, '')));
}

/**
 * A problem as the error summary says it: the server's message word for word, with where it is
 * when that is not plain from the page (the site, on Check your answers; the question, for an
 * answer: 'Site 2: Answer this question (What has the land been used for?)').
 */
export function problemText(
  problem: SubmissionProblem,
  topics: readonly QuestionTopic[],
  options: { site: boolean },
): string {
  const match = /^(?:body\.)?sites\.(\d+)\.(answers\.(.+)|.+)$/.exec(problem.path);
  if (!match) return problem.message;
  const question = match[3] ? allQuestions(topics).find((one) => one.id === match[3]) : undefined;
  const site = options.site ? `Site ${Number(match[1]) + 1}: ` : '';
  return `${site}${problem.message}${question ? ` (${question.question})` : ''}`;
}

export type TaskStatus = 'Not yet started' | 'Incomplete' | 'Completed' | 'Cannot start yet';

/** The task list's statuses: what is still missing, by step. */
export function taskStatuses(
  values: DraftValues,
  topics: readonly QuestionTopic[],
): Record<'details' | 'sites' | 'check', TaskStatus> {
  const problems = draftProblems(values, topics);
  const startedDetails = values.contact.name.trim() !== '' || values.contact.address.trim() !== '';
  const detailsDone = problems.every((problem) => issueTarget(problem.path, '').step !== 'details');
  const sitesDone = problems.every(
    (problem) => !['sites', 'site'].includes(issueTarget(problem.path, '').step),
  );
  return {
    details: detailsDone ? 'Completed' : startedDetails ? 'Incomplete' : 'Not yet started',
    sites: values.sites.length === 0 ? 'Not yet started' : sitesDone ? 'Completed' : 'Incomplete',
    check: problems.length === 0 ? 'Not yet started' : 'Cannot start yet',
  };
}

// ---------------------------------------------------------------------------------------------
// Ranking.

/** The items' order as shown: the answer's, then any item it does not name, in the config's order. */
export function rankingOrder(itemIds: readonly string[], answer: Answer | undefined): string[] {
  const given = Array.isArray(answer) ? answer.filter((id) => itemIds.includes(id)) : [];
  return [...new Set([...given, ...itemIds])];
}

/** The order with the item at `index` moved up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  const next = [...list];
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

// ---------------------------------------------------------------------------------------------
// Check your answers.

export type SummaryRow = { key: string; value: string[]; href: string };
export type SummarySection = { title: string; rows: SummaryRow[] };

export const NOT_GIVEN = 'Not given';

/** An answer in words: option labels, the ranking as '1. …', the scale's value or the text. */
export function answerText(question: ConfigQuestion, answer: Answer | undefined): string[] {
  if (isEmptyAnswer(answer)) return [NOT_GIVEN];
  return answerLabels(question, answer!);
}

const labelOf = (options: Record<string, string>, value: string) =>
  value ? (options[value] ?? value) : NOT_GIVEN;
const labelsOf = (options: Record<string, string>, values: string[]) =>
  values.length ? values.map((value) => options[value] ?? value) : [NOT_GIVEN];
const textOf = (value: string) => (value.trim() === '' ? [NOT_GIVEN] : [value.trim()]);

/** The area in hectares as the pages say it: '1.23 ha'. */
export const areaText = (areaHa: number) =>
  `${areaHa.toLocaleString('en-GB', { maximumFractionDigits: areaHa < 10 ? 2 : 1 })} ha`;

/**
 * A site's boundary in words: 'Boundary from fields.kml: 2.35 ha' just after an upload, else
 * 'Boundary: 2.35 ha' (the server's area, once saved), or 'Boundary drawn on the map' before.
 */
export function boundaryText(site: Pick<SiteValues, 'boundary' | 'areaHa' | 'boundaryFile'>): string {
  if (!site.boundary) return NOT_GIVEN;
  const area = site.areaHa === null ? '' : `: ${areaText(site.areaHa)}`;
  if (site.boundaryFile) return `Boundary from ${site.boundaryFile}${area}`;
  return area ? `Boundary${area}` : 'Boundary drawn on the map';
}

/** Check your answers: Your details, then each site with its questionnaire, each row with its Change link. */
export function summarySections(
  values: DraftValues,
  topics: readonly QuestionTopic[],
  submissionId: string,
): SummarySection[] {
  const details = (fieldId: string) => `${stepHref(submissionId, 'details')}#${fieldId}`;
  const contact: SummaryRow[] = [
    { key: 'Full name', value: textOf(values.contact.name), href: details('contact-name') },
    {
      key: 'Organisation',
      value: textOf(values.contact.organisation),
      href: details('contact-organisation'),
    },
    { key: 'Email', value: textOf(values.contact.email), href: details('contact-email') },
    { key: 'Telephone', value: textOf(values.contact.phone), href: details('contact-phone') },
    { key: 'Address', value: textOf(values.contact.address), href: details('contact-address') },
    {
      key: 'Submitting for someone else',
      value: [values.forClient === 'yes' ? 'Yes' : values.forClient === 'no' ? 'No' : NOT_GIVEN],
      href: details('for-client'),
    },
  ];
  if (values.forClient === 'yes')
    contact.push(
      { key: "Client's name", value: textOf(values.client.name), href: details('client-name') },
      {
        key: "Client's organisation",
        value: textOf(values.client.organisation),
        href: details('client-organisation'),
      },
      { key: "Client's address", value: textOf(values.client.address), href: details('client-address') },
    );
  const sections: SummarySection[] = [{ title: 'Your details', rows: contact }];
  values.sites.forEach((site, index) => {
    const at = (fieldId: string) => `${stepHref(submissionId, 'site', index)}#${fieldId}`;
    const rows: SummaryRow[] = [
      { key: 'Site name', value: textOf(site.name), href: at('site-name') },
      { key: 'Boundary', value: [boundaryText(site)], href: at('site-boundary') },
      {
        key: 'Who owns the land',
        value: [labelOf(ownershipOptions, site.ownership)],
        href: at('site-ownership'),
      },
    ];
    if (site.ownership === 'part' || site.ownership === 'none')
      rows.push({ key: 'Other owners', value: textOf(site.otherOwners), href: at('site-otherOwners') });
    rows.push(
      {
        key: 'When the site could be available',
        value: [labelOf(availabilityOptions, site.availability)],
        href: at('site-availability'),
      },
      { key: 'Current use', value: textOf(site.currentUse), href: at('site-currentUse') },
      {
        key: 'Proposed uses',
        value: labelsOf(proposedUseOptions, site.proposedUses),
        href: at('site-proposedUses'),
      },
      { key: 'Number of homes', value: textOf(site.homes), href: at('site-homes') },
      {
        key: 'Floorspace',
        value: site.floorspaceM2.trim() ? [`${site.floorspaceM2.trim()} m²`] : [NOT_GIVEN],
        href: at('site-floorspaceM2'),
      },
      {
        key: 'Constraints known',
        value: site.constraintsKnown.length ? labelsOf(constraintOptions, site.constraintsKnown) : ['None'],
        href: at('site-constraintsKnown'),
      },
      { key: 'Notes on constraints', value: textOf(site.constraintNotes), href: at('site-constraintNotes') },
    );
    for (const question of allQuestions(topics))
      rows.push({
        key: question.question,
        value: answerText(question, site.answers[question.id]),
        href: at(questionFieldId(question.id)),
      });
    sections.push({ title: `Site ${index + 1}${site.name.trim() ? `: ${site.name.trim()}` : ''}`, rows });
  });
  return sections;
}

/** An attached document as the pages list it: 'site-plan.pdf (12.3 kB)'. */
export const attachmentText = (attachment: Pick<DocumentAttachment, 'name' | 'size'>) =>
  `${attachment.name} (${fileSize(attachment.size)})`;

/** Check your answers and the submission sent: the documents attached, or that there are none. */
export function documentsSection(
  attachments: readonly Pick<DocumentAttachment, 'name' | 'size'>[],
  submissionId: string,
): SummarySection {
  return {
    title: 'Supporting documents',
    rows: [
      {
        key: 'Documents',
        value: attachments.length ? attachments.map(attachmentText) : ['None'],
        href: `${stepHref(submissionId, 'documents')}#${DOCUMENTS_FIELD}`,
      },
    ],
  };
}
