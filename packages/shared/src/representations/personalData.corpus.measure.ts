import {
  detectPersonalData,
  findUkPostcodes,
  type PersonalDataKind,
  type PersonalDataProposal,
} from './personalData';
import { type LabelledRepresentation } from './personalData.corpus.pieces';

/** Measuring the detector against the labels. */

export type DetectionScore = {
  /** A proposal kind, or 'address with postcode' (labelled addresses that hold a postcode). */
  kind: PersonalDataKind | 'address with postcode';
  labelled: number;
  /** Labelled spans met by a proposal of the same kind. */
  found: number;
  proposed: number;
  /** Proposals that meet a labelled span of the same kind. */
  correct: number;
  precision: number;
  recall: number;
};

const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }) =>
  a.from < b.to && b.from < a.to;
const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

/**
 * Precision and recall per kind. A proposal is correct when it overlaps a labelled span of its
 * kind; a labelled span is found when a proposal of its kind overlaps it. For addresses with a
 * postcode, the postcode is what must be covered, and the proposals counted are those holding a
 * postcode. `knownNames` passes each letter's author to the detector as the representee's name.
 */
export function measureDetection(
  corpus: readonly LabelledRepresentation[],
  { knownNames = false }: { knownNames?: boolean } = {},
): DetectionScore[] {
  const kinds = ['email address', 'telephone number', 'address', 'address with postcode', 'name'] as const;
  const tally = Object.fromEntries(kinds.map((k) => [k, { labelled: 0, found: 0, proposed: 0, correct: 0 }]));
  for (const item of corpus) {
    const proposals = detectPersonalData(item.text, knownNames ? { names: [item.author] } : undefined);
    const ofKind = (kind: PersonalDataKind) => proposals.filter((p) => p.kind === kind);
    for (const kind of ['email address', 'telephone number', 'address', 'name'] as const) {
      const labels = item.spans.filter((s) => s.kind === kind);
      const proposed = ofKind(kind);
      const t = tally[kind]!;
      t.labelled += labels.length;
      t.found += labels.filter((l) => proposed.some((p) => overlaps(p, l))).length;
      t.proposed += proposed.length;
      t.correct += proposed.filter((p) => labels.some((l) => overlaps(p, l))).length;
    }
    const postcodes = item.spans.flatMap((s) => (s.postcode ? [s.postcode] : []));
    const withPostcode: PersonalDataProposal[] = ofKind('address').filter(
      (p) => findUkPostcodes(p.text).length > 0,
    );
    const t = tally['address with postcode']!;
    t.labelled += postcodes.length;
    t.found += postcodes.filter((pc) => ofKind('address').some((p) => overlaps(p, pc))).length;
    t.proposed += withPostcode.length;
    t.correct += withPostcode.filter((p) => postcodes.some((pc) => overlaps(p, pc))).length;
  }
  return kinds.map((kind) => {
    const t = tally[kind]!;
    return { kind, ...t, precision: ratio(t.correct, t.proposed), recall: ratio(t.found, t.labelled) };
  });
}

/** The scores as a Markdown table, for test output and the bench. */
export function detectionTable(scores: readonly DetectionScore[]): string {
  const rows = scores.map(
    (s) =>
      `| ${s.kind.padEnd(21)} | ${String(s.labelled).padStart(8)} | ${String(s.proposed).padStart(8)} | ${s.precision.toFixed(3).padStart(9)} | ${s.recall.toFixed(3).padStart(6)} |`,
  );
  return [
    '| kind                  | labelled | proposed | precision | recall |',
    '| --------------------- | -------: | -------: | --------: | -----: |',
    ...rows,
  ].join('\n');
}
