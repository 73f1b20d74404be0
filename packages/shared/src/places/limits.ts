/** Place search (issue 27 point 2): what the box takes and how many places it answers. */
export const PLACE_SEARCH_LIMITS = {
  /** Letters or digits, not counting spaces and punctuation. */
  minLength: 2,
  maxLength: 100,
  maxResults: 8,
} as const;
