/** Spec 02 §5 and §9: the representation manager's limits. */
export const REPRESENTATION_LIMITS = {
  /** Spec 02 §9: tables show 20 rows a page. */
  pageSize: 20,
  pageSizeMax: 100,
  searchMax: 200,
  nameMax: 128,
  addressLineMax: 255,
  townMax: 35,
  /** 'Email length must be less than 100 characters'. */
  emailMaxExclusive: 100,
  jobTitleMax: 128,
  responseTitleMax: 2000,
  responseContentMax: 8000,
  columnNameMin: 3,
  columnNameMax: 50,
  singleLineTextMax: 200,
  paragraphTextMax: 3000,
  columnOptionsMax: 100,
  columnOptionMax: 100,
  /** A representation's text as received (a long letter is 20,000 characters; ours 200,000). */
  textMax: 200_000,
  eventNameMax: 200,
  topicNameMax: 100,
  commentMax: 2000,
  idsMax: 1000,
  /** Spec 02 §9: topics and tags are refetched every 5 minutes. */
  topicsRefetchMs: 5 * 60 * 1000,
} as const;
