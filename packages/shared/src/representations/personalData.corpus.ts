/**
 * Synthetic representations to measure personal-data detection against (issue 15 point 4), and
 * campaign letters to measure near-duplicate grouping (point 5). Test and bench data, not product
 * code: it is not exported from the package.
 *
 * Letters are built from templates and varied vocabulary, in the shapes Regulation 19 consultation
 * responses arrive in (emails with headers, letters with a sender's block, web-form text). Personal
 * data is inserted in many written forms and labelled as it is inserted, never by running the
 * detector, so the labels do not share the detector's blind spots. Everything is driven by a seeded
 * generator: the same seed gives the same corpus on every machine.
 *
 * Telephone numbers are Ofcom's drama ranges and email addresses use the reserved example domains,
 * so no real person's details appear.
 */
export {
  seededRandom,
  type LabelledRepresentation,
  type LabelledSpan,
  type Random,
} from './personalData.corpus.pieces';
export { campaignRepresentations, labelledRepresentations } from './personalData.corpus.letters';
export { detectionTable, measureDetection, type DetectionScore } from './personalData.corpus.measure';
