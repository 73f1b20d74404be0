import { describe, expect, it } from 'vitest';
import { cfsSubmissionMessages as M, type CfsSubmission, type QuestionTopic } from '@planning/shared';
import {
  answerText,
  attachmentText,
  boundaryText,
  canWithdraw,
  choiceProblem,
  draftInput,
  draftProblems,
  draftValues,
  documentsSection,
  emptySite,
  fieldError,
  issueTarget,
  moveItem,
  numberMessages,
  problemText,
  problemsOn,
  rankingOrder,
  remainingProblems,
  siteNumberProblems,
  stepHref,
  summarySections,
  taskStatuses,
  wholeNumber,
  type DraftValues,
} from './submissionForm';

const topics: QuestionTopic[] = [
  {
    id: 'access',
    title: 'Access',
    showMode: 'all',
    questions: [
      {
        kind: 'Preferences',
        id: 'q-access',
        question: 'How is the site reached?',
        required: true,
        options: [
          { id: 'road', label: 'From a public road' },
          { id: 'track', label: 'By a private track' },
        ],
      },
      { kind: 'Opinion', id: 'q-viable', question: 'Is it viable today?', scale: ['No', 'Maybe', 'Yes'] },
    ],
  },
  {
    id: 'priorities',
    title: 'Priorities',
    showMode: 'one-by-one',
    questions: [
      { kind: 'Comment', id: 'q-notes', question: 'Anything else?', maxLength: 500 },
      {
        kind: 'Ranking',
        id: 'q-rank',
        question: 'Rank what the site offers',
        items: [
          { id: 'homes', label: 'Homes' },
          { id: 'jobs', label: 'Jobs' },
          { id: 'green', label: 'Green space' },
        ],
      },
    ],
  },
];

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0.52, 51.27],
      [0.5214, 51.27],
      [0.5214, 51.2709],
      [0.52, 51.27],
    ],
  ],
};

const submission: CfsSubmission = {
  id: 'sub-1',
  callId: 'call-1',
  callName: 'Local plan call for sites',
  reference: null,
  status: 'draft',
  contact: { name: 'Ruth Okafor', email: 'ruth@example.com', address: '4 Mill Lane', organisation: null },
  onBehalfOf: { name: 'Hop Farm Ltd', organisation: null, address: '1 Farm Road' },
  sites: [
    {
      id: 's1',
      name: 'Land at Hop Farm',
      boundary: square,
      areaHa: 1.0123,
      details: {
        ownership: 'part',
        otherOwners: 'The parish council',
        availability: '0-5',
        proposedUses: ['housing'],
        homes: 25,
        constraintsKnown: ['flooding'],
      },
      answers: { 'q-access': ['road'], 'q-rank': ['jobs', 'homes', 'green'] },
    },
  ],
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:00.000Z',
  submittedAt: null,
  withdrawnAt: null,
};

describe('a draft to and from the pages’ values', () => {
  it('reads the server’s draft into strings and lists', () => {
    const values = draftValues(submission);
    expect(values.contact).toEqual({
      name: 'Ruth Okafor',
      organisation: '',
      email: 'ruth@example.com',
      phone: '',
      address: '4 Mill Lane',
    });
    expect(values.forClient).toBe('yes');
    expect(values.client).toEqual({ name: 'Hop Farm Ltd', organisation: '', address: '1 Farm Road' });
    expect(values.sites[0]).toMatchObject({
      name: 'Land at Hop Farm',
      ownership: 'part',
      otherOwners: 'The parish council',
      homes: '25',
      floorspaceM2: '',
      areaHa: 1.0123,
    });
  });

  it('reads a new draft as unanswered, and a saved one without a client as No', () => {
    const fresh = draftValues({
      ...submission,
      contact: { name: '', email: 'ruth@example.com', address: '' },
      onBehalfOf: null,
    });
    expect(fresh.forClient).toBe('');
    expect(draftValues({ ...submission, onBehalfOf: null }).forClient).toBe('no');
  });

  it('writes the whole draft back, empty optional text as null and the client only when asked', () => {
    const values = draftValues(submission);
    expect(draftInput(values)).toEqual({
      contact: {
        name: 'Ruth Okafor',
        organisation: null,
        email: 'ruth@example.com',
        phone: null,
        address: '4 Mill Lane',
      },
      onBehalfOf: { name: 'Hop Farm Ltd', organisation: null, address: '1 Farm Road' },
      sites: [
        {
          name: 'Land at Hop Farm',
          boundary: square,
          details: {
            ownership: 'part',
            otherOwners: 'The parish council',
            availability: '0-5',
            currentUse: null,
            proposedUses: ['housing'],
            homes: 25,
            floorspaceM2: null,
            constraintsKnown: ['flooding'],
            constraintNotes: null,
          },
          answers: { 'q-access': ['road'], 'q-rank': ['jobs', 'homes', 'green'] },
        },
      ],
    });
    const own: DraftValues = { ...values, forClient: 'no' };
    expect(draftInput(own).onBehalfOf).toBeNull();
  });

  it('drops other owners when the submitter owns all of the land, and empty answers', () => {
    const values = draftValues(submission);
    values.sites[0] = {
      ...values.sites[0]!,
      ownership: 'sole',
      answers: { 'q-access': [], 'q-viable': ' ' },
    };
    const site = draftInput(values).sites[0]!;
    expect(site.details.otherOwners).toBeNull();
    expect(site.answers).toEqual({});
  });

  it('reads whole numbers, and says so of anything else', () => {
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber(' 1,200 ')).toBe(1200);
    expect(wholeNumber('12.5')).toBeNaN();
    expect(wholeNumber('ten')).toBeNaN();
    const site = { ...emptySite(), homes: '2.5', floorspaceM2: '300' };
    expect(siteNumberProblems(site, 1)).toEqual([
      { path: 'sites.1.details.homes', message: numberMessages.homes },
    ]);
    const values = draftValues(submission);
    values.sites[0] = { ...values.sites[0]!, homes: 'lots' };
    expect(draftInput(values).sites[0]!.details.homes).toBeNull();
  });
});

describe('where a problem belongs', () => {
  it('sends each path to its step and field', () => {
    expect(issueTarget('contact.email', 'sub-1')).toEqual({
      step: 'details',
      siteIndex: 0,
      fieldId: 'contact-email',
      href: '/calls-for-sites/submissions/sub-1/details#contact-email',
    });
    expect(issueTarget('onBehalfOf.name', 'sub-1').href).toBe(
      '/calls-for-sites/submissions/sub-1/details#client-name',
    );
    expect(issueTarget('sites', 'sub-1').href).toBe('/calls-for-sites/submissions/sub-1/sites#sites-add');
    expect(issueTarget('attachments', 'sub-1')).toEqual({
      step: 'documents',
      siteIndex: 0,
      fieldId: 'documents-file',
      href: '/calls-for-sites/submissions/sub-1/documents#documents-file',
    });
    expect(issueTarget('sites.1.boundary', 'sub-1').href).toBe(
      '/calls-for-sites/submissions/sub-1/sites/2#site-boundary',
    );
    expect(issueTarget('sites.0.details.ownership', 'sub-1').href).toBe(
      '/calls-for-sites/submissions/sub-1/sites/1#site-ownership',
    );
    expect(issueTarget('sites.2.answers.q-access', 'sub-1')).toMatchObject({
      step: 'site',
      siteIndex: 2,
      fieldId: 'question-q-access',
    });
    // The PUT's own checks name the body.
    expect(issueTarget('body.sites.0.boundary', 'sub-1').fieldId).toBe('site-boundary');
  });

  it('offers Withdraw only while a submission awaits review', () => {
    expect(
      ['draft', 'new', 'in_review', 'accepted', 'rejected', 'withdrawn'].filter((status) =>
        canWithdraw({ status: status as CfsSubmission['status'] }),
      ),
    ).toEqual(['new', 'in_review']);
  });

  it('numbers the steps’ addresses', () => {
    expect(stepHref('a b', 'check')).toBe('/calls-for-sites/submissions/a%20b/check');
    expect(stepHref('x', 'site', 0)).toBe('/calls-for-sites/submissions/x/sites/1');
  });

  it('splits the problems by page and field, and keeps only those still there after a save', () => {
    const problems = [
      { path: 'contact.name', message: M.nameRequired },
      { path: 'sites.0.boundary', message: M.boundaryRequired },
      { path: 'sites.1.answers.q-access', message: M.answerRequired },
    ];
    expect(problemsOn(problems, 'details')).toEqual([problems[0]]);
    expect(problemsOn(problems, 'site', 1)).toEqual([problems[2]]);
    expect(fieldError(problems, 'site-boundary', 0)).toBe(M.boundaryRequired);
    expect(fieldError(problems, 'site-boundary', 1)).toBeUndefined();
    expect(remainingProblems(problems, [problems[1]!, { path: 'sites', message: M.siteRequired }])).toEqual([
      problems[1],
    ]);
  });

  it('runs the server’s check before submitting, and the task list follows it', () => {
    const values = draftValues(submission);
    expect(draftProblems(values, topics)).toEqual([]);
    expect(taskStatuses(values, topics)).toEqual({
      details: 'Completed',
      sites: 'Completed',
      check: 'Not yet started',
    });
    values.sites[0] = { ...values.sites[0]!, answers: {} };
    expect(draftProblems(values, topics)).toEqual([
      { path: 'sites.0.answers.q-access', message: M.answerRequired },
    ]);
    expect(taskStatuses(values, topics).sites).toBe('Incomplete');
    expect(taskStatuses(values, topics).check).toBe('Cannot start yet');
    const fresh: DraftValues = {
      contact: { name: '', organisation: '', email: '', phone: '', address: '' },
      forClient: '',
      client: { name: '', organisation: '', address: '' },
      sites: [],
    };
    expect(taskStatuses(fresh, topics)).toEqual({
      details: 'Not yet started',
      sites: 'Not yet started',
      check: 'Cannot start yet',
    });
  });
});

describe('a question’s own limit', () => {
  it('refuses more boxes than a question allows, one when it says nothing', () => {
    const pick = (maxChoices?: number) => ({
      kind: 'Preferences' as const,
      id: 'q',
      question: 'Which?',
      options: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
        { id: 'c', label: 'C' },
      ],
      ...(maxChoices ? { maxChoices } : {}),
    });
    expect(choiceProblem(pick(2), ['a', 'b'])).toBeUndefined();
    expect(choiceProblem(pick(2), ['a', 'b', 'c'])).toBe('Select up to 2 options');
    expect(choiceProblem(pick(), ['a', 'b'])).toBe('Select one option');
    expect(choiceProblem(topics[0]!.questions[1]!, 'Yes')).toBeUndefined();
  });
});

describe('the error summary’s words', () => {
  it('keeps the message, and says which site and question on Check your answers', () => {
    const missing = { path: 'sites.1.answers.q-notes', message: M.answerRequired };
    expect(problemText(missing, topics, { site: true })).toBe(
      'Site 2: Answer this question (Anything else?)',
    );
    expect(problemText(missing, topics, { site: false })).toBe('Answer this question (Anything else?)');
    expect(
      problemText({ path: 'sites.0.boundary', message: M.boundaryRequired }, topics, { site: true }),
    ).toBe(`Site 1: ${M.boundaryRequired}`);
    expect(problemText({ path: 'contact.name', message: M.nameRequired }, topics, { site: true })).toBe(
      M.nameRequired,
    );
  });
});

describe('ranking', () => {
  it('shows the answer’s order, then items it leaves out', () => {
    expect(rankingOrder(['a', 'b', 'c'], undefined)).toEqual(['a', 'b', 'c']);
    expect(rankingOrder(['a', 'b', 'c'], ['c', 'a'])).toEqual(['c', 'a', 'b']);
    expect(rankingOrder(['a', 'b'], ['gone', 'b'])).toEqual(['b', 'a']);
  });

  it('moves an item up or down, never past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('check your answers', () => {
  it('says answers in words', () => {
    const [access, viable] = topics[0]!.questions;
    const rank = topics[1]!.questions[1]!;
    expect(answerText(access!, ['track'])).toEqual(['By a private track']);
    expect(answerText(viable!, 'Maybe')).toEqual(['Maybe']);
    expect(answerText(rank, ['green', 'homes'])).toEqual(['1. Green space', '2. Homes']);
    expect(answerText(viable!, undefined)).toEqual(['Not given']);
  });

  it('lists the details, then each site with its questions, each row with its Change link', () => {
    const values = draftValues(submission);
    values.sites[0]!.boundaryFile = 'hop-farm.geojson';
    const sections = summarySections(values, topics, 'sub-1');
    expect(sections.map((section) => section.title)).toEqual(['Your details', 'Site 1: Land at Hop Farm']);
    const [details, site] = sections;
    expect(details!.rows.map((row) => row.key)).toEqual([
      'Full name',
      'Organisation',
      'Email',
      'Telephone',
      'Address',
      'Submitting for someone else',
      "Client's name",
      "Client's organisation",
      "Client's address",
    ]);
    expect(details!.rows[0]).toEqual({
      key: 'Full name',
      value: ['Ruth Okafor'],
      href: '/calls-for-sites/submissions/sub-1/details#contact-name',
    });
    const row = (key: string) => site!.rows.find((candidate) => candidate.key === key);
    expect(row('Boundary')!.value).toEqual(['Boundary from hop-farm.geojson: 1.01 ha']);
    expect(boundaryText({ ...values.sites[0]!, boundaryFile: null })).toBe('Boundary: 1.01 ha');
    expect(boundaryText({ boundary: square, areaHa: null, boundaryFile: null })).toBe(
      'Boundary drawn on the map',
    );
    expect(boundaryText({ boundary: null, areaHa: null, boundaryFile: null })).toBe('Not given');
    expect(row('Who owns the land')!.value).toEqual(['I own part of the land, or my client does']);
    expect(row('Other owners')!.value).toEqual(['The parish council']);
    expect(row('Proposed uses')!.value).toEqual(['Housing']);
    expect(row('Floorspace')!.value).toEqual(['Not given']);
    expect(row('How is the site reached?')).toEqual({
      key: 'How is the site reached?',
      value: ['From a public road'],
      href: '/calls-for-sites/submissions/sub-1/sites/1#question-q-access',
    });
    expect(row('Rank what the site offers')!.value).toEqual(['1. Jobs', '2. Homes', '3. Green space']);
  });
});

describe('the documents attached, as the pages list them', () => {
  const plan = { name: 'site-plan.pdf', size: 12_345 };
  const photo = { name: 'gate.jpg', size: 2_400_000 };

  it('says each with its size', () => {
    expect(attachmentText(plan)).toBe('site-plan.pdf (12.3 kB)');
    expect(attachmentText(photo)).toBe('gate.jpg (2.4 MB)');
    expect(attachmentText({ name: 'note.pdf', size: 900 })).toBe('note.pdf (900 bytes)');
  });

  it('lists them on Check your answers, with a link back to Supporting documents', () => {
    expect(documentsSection([plan, photo], 'sub-1')).toEqual({
      title: 'Supporting documents',
      rows: [
        {
          key: 'Documents',
          value: ['site-plan.pdf (12.3 kB)', 'gate.jpg (2.4 MB)'],
          href: '/calls-for-sites/submissions/sub-1/documents#documents-file',
        },
      ],
    });
    expect(documentsSection([], 'sub-1').rows[0]!.value).toEqual(['None']);
  });
});
