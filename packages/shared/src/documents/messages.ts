import { DOCUMENT_LIMITS } from './limits';

/** Spec 02 §5 "Question answers", word for word: the web form and the server show the same text. */
export const questionMessages = {
  selectOption: 'Please select an option.',
  selectAtLeast: (n: number) => `Please select at least ${n} options.`,
  selectAtMost: (n: number) => `Please select at most ${n} options.`,
  fillInResponse: 'Please fill in your response.',
  /** Site required, and comment required when the comments box is on. */
  fieldRequired: 'Field is required',
  // Ours (the spec gives the limits, not their words).
  tooLong: (n: number) => `Your response can be at most ${n} characters long.`,
  commentTooLong: `Your comment can be at most ${DOCUMENT_LIMITS.siteCommentMax} characters long.`,
  notAnOption: 'Please choose one of the options given.',
  siteNotFound: 'The selected site was not found',
  siteNotOffered: 'This question does not ask about a site',
} as const;

/** Spec 02 §2, §6, §8, and ours where the spec is silent. */
export const documentMessages = {
  /** Spec 02 §8 config errors. */
  configInvalid: 'Config is invalid',
  documentNotFound: 'Document not found',
  templateNotFound: 'Template not found',
  attachmentNotFound: 'Attachment not found',
  answerNotFound: 'Answer not found',
  questionNotFound: 'Question not found in this document',
  builderOff: 'The document builder is not enabled for this council',
  /** Spec 02 §2 question blocks: the login-required notice. */
  loginToAnswer: 'Log in to begin answering questions',
  loginToAnswerText: 'Log in or sign up for a consultation account to submit your answers.',
  /** Spec 02 §6: other providers are told to log in with a consultation account. */
  consultationAccountOnly: 'Log in with a consultation account to answer questions',
  answersClosed: 'This consultation is closed: answers can no longer be added, changed or deleted',
  notPublished: 'Only a published document can take answers',
  changedMeanwhile: 'The document was changed by someone else meanwhile: reload it to see their changes',
  shareLinkInvalid: 'This share link is not valid (it may have been turned off)',
  /** Spec 02 §2 document builder list. */
  noTemplates: "You haven't saved any templates",
  /** Spec 02 §2 heading links. */
  headingLinkCopied: 'Success: You copied the heading link to your clipboard',
  answerSubmitted: 'Your answer has been submitted',
  // Referential checks of a document's config.
  rootMissing: (id: string) => `The root section ${id} does not exist`,
  sectionMissing: (name: string, id: string) => `The ${name} ${id} does not exist`,
  childMissing: (parent: string, child: string) => `${parent} lists a child ${child} that does not exist`,
  cycle: (id: string) => `${id} contains itself: sections cannot nest in a circle`,
  idMismatch: (key: string) => `Entity ${key} has a different id inside`,
  duplicateQuestionId: (id: string) => `Two questions have the id ${id}`,
  duplicateOption: (question: string) => `Question ${question} has two options with the same title`,
  tooManyEntities: `A document has at most ${DOCUMENT_LIMITS.entitiesMax} sections and blocks`,
  minAboveMax: 'minSelected cannot be greater than maxSelected',
  unsafeUrl: 'Links must start with http://, https:// or mailto:, and images with http:// or https://',
  /** Spec 02 §8: an export that failed (a bottom-right notification). */
  exportFailed: (format: string) => `Failed to export document in .${format} format`,
  exportLabel: (format: string) => `Document export (.${format})`,
  exportTooMany: 'Too many downloads at once: please wait a minute and try again',
  exportNotFound: 'Export not found',
  exportNotReady: 'The export is not finished yet',
} as const;

/** Spec 02 §2 My responses and §6: a resident's tags on the questions they answered. */
export const responseTagMessages = {
  /** Spec 02 §6, word for word: before the consultation's end date, or when it has none. */
  taggingDisabled: 'Tagging disabled until consultation end date',
  // Ours (the spec is silent).
  answerFirst: 'Answer the question before tagging it',
  tagEmpty: 'A tag cannot be empty',
  tagTooLong: `A tag can be at most ${DOCUMENT_LIMITS.tagLengthMax} characters long`,
  tooManyTags: `A question can have at most ${DOCUMENT_LIMITS.tagsPerQuestionMax} tags`,
  duplicateTag: (tag: string) => `The tag '${tag}' is already there`,
  saved: 'Your tags have been saved',
} as const;
