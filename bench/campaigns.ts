// Campaign grouping benchmark (issue 15 point 5), run by hand (not a test; see bench/README.md):
//   npx tsx bench/campaigns.ts                      (10,000 representations; target < 10 s)
//   npx tsx bench/campaigns.ts --items 50000 --campaigns 20 --runs 1
// No database: it times groupNearDuplicates alone on synthetic representations, a share of them
// copies of a few campaign letters (each copy with its sender's name and address, some with a
// sentence added, dropped or swapped), the rest individual letters, shuffled with a fixed seed.
// Prints the time of each run, the groups found, and whether each campaign came back as exactly
// one group holding all its copies and nothing else.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { groupNearDuplicates } from '../apps/server/src/modules/representations/representations.campaigns';
import {
  campaignRepresentations,
  labelledRepresentations,
  seededRandom,
} from '../packages/shared/src/representations/personalData.corpus';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    campaigns: { type: 'string', default: '10' },
    share: { type: 'string', default: '0.3' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
  },
});
const itemCount = Number(values.items);
const campaignCount = Number(values.campaigns);
const share = Number(values.share);
const runs = Number(values.runs);
const seed = Number(values.seed);
if (
  ![itemCount, campaignCount, runs, seed].every((n) => Number.isInteger(n) && n > 0) ||
  !(share > 0 && share < 1)
) {
  console.error('--items, --campaigns, --runs and --seed take whole numbers above 0; --share a fraction');
  process.exit(2);
}
const count = (n: number) => n.toLocaleString('en-GB');
const seconds = (ms: number) => (ms / 1000).toFixed(2);

// ---------------------------------------------------------------------------------------------
// The representations

const startedMaking = performance.now();
const copiesEach = Math.round((itemCount * share) / campaignCount);
const campaigns = Array.from({ length: campaignCount }, (_, c) =>
  campaignRepresentations(c, copiesEach, seed).map((letter, i) => ({
    id: `campaign${c}-${i}`,
    text: letter.text,
  })),
);
const individuals = labelledRepresentations(itemCount - copiesEach * campaignCount, seed + 1000).map(
  (letter, i) => ({
    id: `individual-${i}`,
    text: letter.text,
  }),
);
const items = [...campaigns.flat(), ...individuals];
const random = seededRandom(seed);
for (let i = items.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [items[i], items[j]] = [items[j]!, items[i]!];
}
const words = items.map((item) => item.text.split(/\s+/).length).sort((a, b) => a - b);
console.log(
  `${count(items.length)} representations made in ${seconds(performance.now() - startedMaking)} s: ` +
    `${campaignCount} campaigns of ${count(copiesEach)} copies, ${count(individuals.length)} individual letters; ` +
    `words per text ${words[0]} to ${words.at(-1)} (median ${words[Math.floor(words.length / 2)]})`,
);

// ---------------------------------------------------------------------------------------------
// Timing

const loadBefore = os.loadavg()[0]!;
groupNearDuplicates(items.slice(0, 200)); // warm-up: JIT compilation outside the measure
const times: number[] = [];
let result = groupNearDuplicates([]);
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  result = groupNearDuplicates(items);
  times.push(performance.now() - started);
  console.log(`  run ${run + 1}: ${seconds(times.at(-1)!)} s`);
}
const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

// ---------------------------------------------------------------------------------------------
// What came back

const { groups } = result;
const groupOf = new Map<string, number>();
for (const [index, group] of groups.entries()) for (const id of group.ids) groupOf.set(id, index);
console.log('\n| campaign | copies | recovered | group size | similarity (lowest to exemplar) |');
console.log('| -------: | -----: | --------- | ---------: | ------------------------------: |');
let recovered = 0;
for (const [c, copies] of campaigns.entries()) {
  const found = new Set(copies.map((copy) => groupOf.get(copy.id)));
  const index = found.size === 1 ? [...found][0] : undefined;
  const group = index === undefined ? undefined : groups[index];
  const whole = group !== undefined && group.ids.length === copies.length;
  if (whole) recovered++;
  const verdict = whole ? 'yes' : group ? 'with others' : `no (split over ${found.size} groups)`;
  console.log(
    `| ${String(c).padStart(8)} | ${String(copies.length).padStart(6)} | ${verdict.padEnd(9)} | ` +
      `${String(group?.ids.length ?? '-').padStart(10)} | ${(group?.similarity.toFixed(3) ?? '-').padStart(31)} |`,
  );
}
const stray = groups.filter((g) => g.ids.every((id) => id.startsWith('individual-')));
console.log(
  `\ngroupNearDuplicates on ${count(items.length)} representations: median ${seconds(median)} s of ${runs} ` +
    `(target under 10 s); ${groups.length} groups; ${recovered} of ${campaignCount} campaigns recovered whole; ` +
    `${stray.length} groups of individual letters only (${count(stray.reduce((n, g) => n + g.ids.length, 0))} letters)`,
);
console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ` +
    `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`,
);
