import escapeHtml from 'escape-html';
import {
  answerLabels,
  availabilityOptions,
  constraintOptions,
  ownershipOptions,
  proposedUseOptions,
  type CfsSubmission,
  type QuestionTopic,
} from '@planning/shared';
import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../lib/mailer';
import { councilName, sendAsCouncil } from '../auth/auth.council-mail';
import type { Statement, StatementBlock } from '../consultation-analysis/consultation-analysis.statement';

const ukDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

/** An answer as the receipt reads it: a ranking one item a line, other choices after commas. */
function answerText(
  question: QuestionTopic['questions'][number],
  answer: string | string[] | undefined,
): string {
  if (answer === undefined || answer.length === 0) return 'Not answered';
  return answerLabels(question, answer).join(question.kind === 'Ranking' ? '\n' : ', ');
}

const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/**
 * What was submitted, as the receipt PDF reads (a tagged PDF through the statement's writer):
 * the reference, the submitter's details, then each site with its answers by topic.
 */
export function receiptStatement(
  submission: CfsSubmission,
  council: string,
  topics: readonly QuestionTopic[],
): Statement {
  const reference = submission.reference ?? 'Draft';
  const blocks: StatementBlock[] = [
    { kind: 'title', text: `Call for sites submission ${reference}` },
    {
      kind: 'paragraph',
      text: `${submission.callName}, ${council}. Submitted ${submission.submittedAt ? ukDate(submission.submittedAt) : 'not yet'}.`,
    },
    { kind: 'heading', level: 1, text: 'Your details' },
    {
      kind: 'table',
      header: ['Question', 'Answer'],
      rows: [
        ['Full name', submission.contact.name],
        ['Organisation', orDash(submission.contact.organisation)],
        ['Email address', submission.contact.email],
        ['Telephone', orDash(submission.contact.phone)],
        ['Address', submission.contact.address],
        ...(submission.onBehalfOf
          ? [
              ['Submitted on behalf of', submission.onBehalfOf.name],
              ["Client's organisation", orDash(submission.onBehalfOf.organisation)],
              ["Client's address", orDash(submission.onBehalfOf.address)],
            ]
          : []),
      ],
    },
  ];
  submission.sites.forEach((site, index) => {
    const d = site.details;
    blocks.push(
      { kind: 'heading', level: 1, text: `Site ${index + 1}: ${site.name}` },
      {
        kind: 'table',
        header: ['Question', 'Answer'],
        rows: [
          ['Area', site.areaHa === null ? '—' : `${site.areaHa.toFixed(2)} ha`],
          ['Who owns the land', d.ownership ? ownershipOptions[d.ownership] : '—'],
          ['Other owners', orDash(d.otherOwners)],
          ['When the site could be available', d.availability ? availabilityOptions[d.availability] : '—'],
          ['Current use', orDash(d.currentUse)],
          ['Proposed uses', d.proposedUses.map((use) => proposedUseOptions[use]).join(', ') || '—'],
          ['Homes', orDash(d.homes)],
          [
            'Floorspace',
            d.floorspaceM2 === null || d.floorspaceM2 === undefined ? '—' : `${d.floorspaceM2} m²`,
          ],
          [
            'Constraints known',
            d.constraintsKnown.map((c) => constraintOptions[c]).join(', ') || 'None given',
          ],
          ['About the constraints', orDash(d.constraintNotes)],
        ],
      },
    );
    for (const topic of topics) {
      blocks.push(
        { kind: 'heading', level: 2, text: topic.title },
        {
          kind: 'table',
          header: ['Question', 'Answer'],
          rows: topic.questions.map((question) => [
            question.question,
            answerText(question, site.answers[question.id]),
          ]),
        },
      );
    }
  });
  blocks.push({
    kind: 'paragraph',
    text: 'Keep this receipt. The council will review your submission; you can withdraw it from your account while it awaits review.',
  });
  return { title: `Call for sites submission ${reference}`, fileName: `${reference}.pdf`, blocks };
}

/** The confirmation email: the reference in the subject, the receipt attached. */
export function receiptMail(
  submission: CfsSubmission,
  council: string,
  pdf: Buffer,
  link: string,
): OutgoingMail {
  const reference = submission.reference!;
  const sites = submission.sites.length === 1 ? '1 site' : `${submission.sites.length} sites`;
  const intro = `Thank you for your submission to ${submission.callName} (${council}). Your reference is ${reference}. It holds ${sites}; a copy of what you submitted is attached as a PDF.`;
  const outro =
    'The council will review it. You can see it, and withdraw it while it awaits review, in your account:';
  return {
    to: submission.contact.email,
    subject: `Submission ${reference} received: ${submission.callName}`,
    text: `${intro}\n\n${outro}\n${link}\n`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(outro)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    attachments: [{ filename: `${reference}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}

/** The officer's decision, to the submitter: accepted (its sites will be assessed), or rejected with the reason. */
export function decisionMail(
  submission: CfsSubmission,
  council: string,
  decision: { status: 'accepted' | 'rejected'; reason: string | null },
): OutgoingMail {
  const reference = submission.reference!;
  const accepted = decision.status === 'accepted';
  const lines = accepted
    ? [
        `${council} has accepted your submission ${reference} to ${submission.callName}.`,
        'The site or sites you put forward will now be assessed with the others. We will contact you if we need more information.',
      ]
    : [
        `${council} has not accepted your submission ${reference} to ${submission.callName}.`,
        `The reason given: ${decision.reason ?? ''}`,
        'If you have questions about this decision, reply to this email.',
      ];
  return {
    to: submission.contact.email,
    subject: accepted ? `Submission ${reference} accepted` : `Submission ${reference} not accepted`,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}

/**
 * Sends the submitter an email on the council's behalf (from its sender, in its name), `build`
 * given the council's name and its address of a page (the app's URL template for the council).
 */
export async function mailSubmitter(
  app: FastifyInstance,
  tenantId: string,
  build: (council: string, pageUrl: (path: string) => string) => OutgoingMail | Promise<OutgoingMail>,
): Promise<void> {
  const tenant = await app.database.db
    .selectFrom('tenants')
    .select(['id', 'name'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const council = await councilName(app.authDeps, tenant);
  const base = app.authDeps.config.appUrlTemplate.replaceAll('{tenant}', tenant.name).replace(/\/+$/, '');
  const mail = await build(council, (path) => `${base}${path}`);
  await sendAsCouncil(app.authDeps, tenant, () => mail);
}
