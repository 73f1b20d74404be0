/**
 * Near-duplicate representations: campaign letters (issue 15 point 5).
 *
 * An action group circulates one letter and hundreds of people send it in, each adding a name and
 * address, a sentence of their own, or moving a clause. Officers want these as one group, read once.
 * Comparing every pair of texts is quadratic (50 million pairs for 10,000 representations), so:
 *
 * 1. Each text becomes the set of its 3-word shingles, after normalising away case, punctuation,
 *    HTML tags and spacing (the same letter arrives typed, pasted from Word, or through the web form).
 * 2. A MinHash signature of 128 values estimates the Jaccard similarity of two such sets: the share
 *    of positions where two signatures agree.
 * 3. Locality-sensitive hashing (32 bands of 4 values) puts texts that agree on a whole band in the
 *    same bucket; only texts sharing a bucket are compared. Two texts with similarity 0.7 share at
 *    least one band with probability 1 − (1 − 0.7⁴)³² ≈ 0.9998; at 0.3 only 0.23 of pairs are
 *    compared at all, and those are then rejected. A lower threshold gets narrower bands (64 of 2,
 *    or 128 of 1), so that pairs at the threshold are still compared.
 * 4. Candidate pairs whose estimated similarity reaches the threshold are joined (union-find), so a
 *    campaign whose copies drift a little from each other still ends up as one group.
 *
 * Pure TypeScript with no dependencies: it runs where the representations are, in a request or a job.
 */

export type NearDuplicateItem = { id: string; text: string };
export type NearDuplicateGroup = {
  /** In input order; the first is the exemplar. */
  ids: string[];
  /** The earliest item of the group in input order: the one to read. */
  exemplarId: string;
  /**
   * The lowest estimated similarity (Jaccard, 0 to 1) between the exemplar and another member. It can
   * be below the threshold: members join through each other, not only through the exemplar.
   */
  similarity: number;
};
export type NearDuplicateOptions = {
  /** Estimated Jaccard similarity of 3-word shingles at or above which two texts are grouped. */
  threshold?: number;
};

export const NEAR_DUPLICATE_DEFAULTS = {
  threshold: 0.7,
  /** Below this many words a text is too short to compare loosely ("I object", "No to Policy H3"). */
  minWords: 5,
  shingleWords: 3,
  hashes: 128,
} as const;

/**
 * Values per LSH band: the widest band (fewest candidates to verify) with which two texts exactly at
 * the threshold still become candidates with probability 0.999 or more. 4 for the default 0.7.
 */
export function rowsPerBand(threshold: number): number {
  const { hashes } = NEAR_DUPLICATE_DEFAULTS;
  for (const rows of [4, 2]) {
    if (1 - (1 - threshold ** rows) ** (hashes / rows) >= 0.999) return rows;
  }
  return 1;
}

/** Lower case words with tags, entities, punctuation and spacing gone. */
export function normaliseForComparison(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** FNV-1a, 32 bits, over UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** murmur3's finaliser: a bijection on 32 bits that spreads every input bit over the output. */
function fmix32(value: number): number {
  let h = value;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

// One seed per hash function, fixed so that signatures are the same from run to run. Function i is
// fmix32(x ^ seed[i]): a xor and a bijection, so each is a permutation of the 32-bit values.
const SEEDS = Uint32Array.from({ length: NEAR_DUPLICATE_DEFAULTS.hashes }, (_, i) =>
  fmix32(Math.imul(i + 1, 0x9e3779b9)),
);

function shingleHashes(words: readonly string[]): Uint32Array {
  const k = NEAR_DUPLICATE_DEFAULTS.shingleWords;
  const wordHashes = words.map(fnv1a);
  const shingles = new Uint32Array(Math.max(0, words.length - k + 1));
  for (let i = 0; i < shingles.length; i++) {
    // Order matters ("not a problem" ≠ "a problem not"), hence a different multiplier per position.
    shingles[i] = fmix32(
      Math.imul(wordHashes[i]!, 0x9e3779b1) ^ Math.imul(wordHashes[i + 1]!, 0x85ebca77) ^ wordHashes[i + 2]!,
    );
  }
  // A repeated phrase counts once: the signature is of a set.
  shingles.sort();
  let unique = 0;
  for (let i = 0; i < shingles.length; i++)
    if (i === 0 || shingles[i] !== shingles[i - 1]) shingles[unique++] = shingles[i]!;
  return shingles.subarray(0, unique);
}

function signature(shingles: Uint32Array): Uint32Array {
  const mins = new Uint32Array(NEAR_DUPLICATE_DEFAULTS.hashes).fill(0xffffffff);
  for (const shingle of shingles) {
    for (let i = 0; i < mins.length; i++) {
      const h = fmix32(shingle ^ SEEDS[i]!);
      if (h < mins[i]!) mins[i] = h;
    }
  }
  return mins;
}

function estimatedSimilarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

function bandKey(sig: Uint32Array, band: number, rows: number): number {
  let hash = fmix32(band + 1);
  for (let r = band * rows; r < (band + 1) * rows; r++) hash = fmix32(hash ^ sig[r]!);
  return hash;
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(size: number) {
    this.parent = Int32Array.from({ length: size }, (_, i) => i);
  }
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root]!;
    for (let node = i; this.parent[node] !== root;) {
      const next = this.parent[node]!;
      this.parent[node] = root;
      node = next;
    }
    return root;
  }
  /** Joins the two sets; the earlier item stays the root, so a root is its group's first item. */
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

export function groupNearDuplicates(
  items: readonly NearDuplicateItem[],
  options: NearDuplicateOptions = {},
): { groups: NearDuplicateGroup[] } {
  const threshold = options.threshold ?? NEAR_DUPLICATE_DEFAULTS.threshold;
  if (!(threshold > 0 && threshold <= 1)) throw new RangeError('threshold must be above 0 and at most 1');
  const sets = new UnionFind(items.length);

  // Identical texts always group, and are signed once: a campaign sent unchanged costs one text.
  const firstWithText = new Map<string, number>();
  const signed: { index: number; sig: Uint32Array }[] = [];
  const signatureOf = new Map<number, Uint32Array>();
  // Each item's first item with the same text, whose signature stands for it.
  const canonical = Int32Array.from({ length: items.length }, (_, i) => i);
  for (const [index, item] of items.entries()) {
    const normalised = normaliseForComparison(item.text);
    // An empty text (a letter sent only as an attachment) says nothing about being in a campaign.
    if (normalised === '') continue;
    const first = firstWithText.get(normalised);
    if (first !== undefined) {
      canonical[index] = first;
      sets.union(first, index);
      continue;
    }
    firstWithText.set(normalised, index);
    const words = normalised.split(' ');
    // Short texts ("I object to Policy H3") look alike without being copies: only identical ones group.
    if (words.length < NEAR_DUPLICATE_DEFAULTS.minWords) continue;
    const sig = signature(shingleHashes(words));
    signed.push({ index, sig });
    signatureOf.set(index, sig);
  }

  const rejected = new Set<number>();
  const rows = rowsPerBand(threshold);
  for (let band = 0; band < NEAR_DUPLICATE_DEFAULTS.hashes / rows; band++) {
    const buckets = new Map<number, number[]>();
    for (const [position, { sig }] of signed.entries()) {
      const key = bandKey(sig, band, rows);
      const bucket = buckets.get(key);
      if (bucket) bucket.push(position);
      else buckets.set(key, [position]);
    }
    for (const bucket of buckets.values()) {
      for (let j = 1; j < bucket.length; j++) {
        const b = signed[bucket[j]!]!;
        for (let i = 0; i < j; i++) {
          const a = signed[bucket[i]!]!;
          // Already in one group (the usual case inside a campaign's bucket), or already refused.
          if (sets.find(a.index) === sets.find(b.index)) continue;
          const pair = a.index * items.length + b.index;
          if (rejected.has(pair)) continue;
          if (estimatedSimilarity(a.sig, b.sig) >= threshold) sets.union(a.index, b.index);
          else rejected.add(pair);
        }
      }
    }
  }

  const members = new Map<number, number[]>();
  for (let index = 0; index < items.length; index++) {
    const root = sets.find(index);
    const group = members.get(root);
    if (group) group.push(index);
    else members.set(root, [index]);
  }
  const groups: (NearDuplicateGroup & { first: number })[] = [];
  for (const [root, indexes] of members) {
    if (indexes.length < 2) continue;
    const exemplar = signatureOf.get(root);
    let similarity = 1;
    for (const index of indexes.slice(1)) {
      const sig = signatureOf.get(canonical[index]!);
      // Short texts have no signature: they group only when identical.
      if (exemplar && sig) similarity = Math.min(similarity, estimatedSimilarity(exemplar, sig));
    }
    groups.push({
      first: root,
      ids: indexes.map((i) => items[i]!.id),
      exemplarId: items[root]!.id,
      similarity,
    });
  }
  groups.sort((a, b) => b.ids.length - a.ids.length || a.first - b.first);
  return { groups: groups.map(({ ids, exemplarId, similarity }) => ({ ids, exemplarId, similarity })) };
}
