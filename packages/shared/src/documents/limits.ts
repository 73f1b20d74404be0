/** Spec 02 §5 and §9: the document builder's and the question blocks' numbers. */
export const DOCUMENT_LIMITS = {
  titleMax: 200,
  /** Sections and blocks in one document; a Local Plan runs to a few hundred. */
  entitiesMax: 2000,
  entityIdMax: 100,
  /** A block's plain strings (captions, titles, option titles). */
  textMax: 2000,
  urlMax: 2000,
  optionsMax: 100,
  chartRowsMax: 500,
  siteIdsMax: 10_000,
  /** Spec 02 §9: textarea default max length 1000. */
  textareaDefaultMaxLength: 1000,
  /** The most a question may set as its own maxLength. */
  textareaMaxLengthCeiling: 8000,
  /** Spec 02 §9: site comment max 8000. */
  siteCommentMax: 8000,
  templateNameMax: 100,
  /** Spec 02 §2: list tables page at 20 by default. */
  pageSize: 20,
  pageSizeMax: 200,
  /** Spec 02 §4, §9: document status is polled every minute. */
  statusPollMs: 60_000,
  /** Spec 02 §4, §9: interaction tracked every 30 seconds, plus open and close. */
  trackingHeartbeatMs: 30_000,
  /** Spec 02 §2 My responses: a resident's tags on a question. */
  tagLengthMax: 40,
  tagsPerQuestionMax: 10,
} as const;

/** Spec 02 §9: default chart colour. */
export const DEFAULT_CHART_COLOUR = '#5B8FF9';
