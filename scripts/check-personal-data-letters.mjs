// Validates the labelled letters of packages/shared/test-data/personal-data-letters: node scripts/check-personal-data-letters.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The corpus for issue 26 (written apart from the detector): every file parses, ids are unique, and
// every labelled text occurs in its letter as often as it is listed.
const dir = join(
  dirname(fileURLToPath(import.meta.url)),
  '../packages/shared/test-data/personal-data-letters',
);
// Letters written after the split by a second writer who saw ten tuning letters only: all tuning.
const extraDir = `${dir}-extra`;
// Letters by a third writer (2026-11-29, ids v2-…): the second held-out part, in no split.json list.
const laterDir = `${dir}-extra2`;
const laterIds = new Set();
// Letters by a fifth writer (2026-11-29, ids v4-…): the third held-out part, in no split.json list.
const fourthDir = `${dir}-extra4`;
const fourthIds = new Set();
// The tuning / held-out split, made once (split.json says how): every letter in exactly one part.
const SPLIT_FILE = 'split.json';
const writers = new Set([
  'resident',
  'agent',
  'organisation',
  'parish',
  'statutory',
  'petition',
  'form',
  'email',
]);
const extraIds = new Set();
const kinds = ['name', 'phone', 'email', 'address'];
const ids = new Set();
const errors = [];
const total = { letters: 0, empty: 0, long: 0, notPersonal: 0, name: 0, phone: 0, email: 0, address: 0 };
const byWriter = {};

const occurrences = (hay, needle) => {
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
};

const checkList = (letter, list, label) => {
  const wanted = new Map();
  for (const item of list) {
    if (typeof item.text !== 'string' || item.text.length === 0) {
      errors.push(`${letter.id}: empty ${label} text`);
      continue;
    }
    wanted.set(item.text, (wanted.get(item.text) ?? 0) + 1);
  }
  for (const [text, n] of wanted) {
    const found = occurrences(letter.text, text);
    if (found < n) errors.push(`${letter.id}: ${label} "${text}" listed ${n}x, found ${found}x`);
  }
};

/** The letter files of one folder, by name; the split file is not a letter file. */
const jsonFilesIn = (folder) =>
  readdirSync(folder)
    .filter((f) => f.endsWith('.json') && f !== SPLIT_FILE)
    .sort()
    .map((f) => join(folder, f));

const files = [dir, extraDir, `${dir}-extra3`, laterDir, fourthDir].flatMap(jsonFilesIn);
for (const path of files) {
  const file = path.slice(dir.length + 1);
  let letters;
  try {
    letters = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    errors.push(`${file}: does not parse: ${e.message}`);
    continue;
  }
  const row = { letters: 0, empty: 0, name: 0, phone: 0, email: 0, address: 0, notPersonal: 0 };
  for (const letter of letters) {
    row.letters++;
    if (ids.has(letter.id)) errors.push(`${file}: duplicate id ${letter.id}`);
    ids.add(letter.id);
    if (path.startsWith(laterDir)) {
      laterIds.add(letter.id);
      if (!letter.id.startsWith('v2-')) errors.push(`${letter.id}: a later letter's id starts v2-`);
    } else if (path.startsWith(fourthDir)) {
      fourthIds.add(letter.id);
      if (!letter.id.startsWith('v4-')) errors.push(`${letter.id}: a fifth writer's id starts v4-`);
    } else if (path.startsWith(extraDir)) extraIds.add(letter.id); // -extra and -extra3: tuning
    if (!writers.has(letter.writer)) errors.push(`${letter.id}: bad writer ${letter.writer}`);
    if (typeof letter.text !== 'string') errors.push(`${letter.id}: no text`);
    if (!Array.isArray(letter.spans) || !Array.isArray(letter.notPersonal)) {
      errors.push(`${letter.id}: spans and notPersonal must be arrays`);
      continue;
    }
    for (const s of letter.spans)
      if (!kinds.includes(s.kind)) errors.push(`${letter.id}: bad kind ${s.kind}`);
    for (const n of letter.notPersonal)
      if (!n.why) errors.push(`${letter.id}: notPersonal "${n.text}" has no why`);
    checkList(letter, letter.spans, 'span');
    checkList(letter, letter.notPersonal, 'notPersonal');
    for (const s of letter.spans) row[s.kind]++;
    row.notPersonal += letter.notPersonal.length;
    if (letter.spans.length === 0) row.empty++;
    if (letter.text.split(/\s+/).filter(Boolean).length >= 2000) total.long++;
    byWriter[letter.writer] = (byWriter[letter.writer] ?? 0) + 1;
  }
  console.log(file.padEnd(32), JSON.stringify(row));
  for (const k of Object.keys(row)) total[k] += row[k];
}
console.log('TOTAL'.padEnd(32), JSON.stringify(total));
console.log('by writer'.padEnd(32), JSON.stringify(byWriter));
const split = JSON.parse(readFileSync(join(dir, SPLIT_FILE), 'utf8'));
const parts = [...split.tuning, ...split.heldOut];
if (new Set(parts).size !== parts.length) errors.push('split.json: a letter is in both parts or twice');
for (const id of ids)
  if (!parts.includes(id) && !extraIds.has(id) && !laterIds.has(id) && !fourthIds.has(id))
    errors.push(`split.json: ${id} is in neither part`);
for (const id of [...extraIds, ...laterIds, ...fourthIds])
  if (parts.includes(id)) errors.push(`split.json: extra letter ${id} is listed`);
for (const id of parts) if (!ids.has(id)) errors.push(`split.json: ${id} is not a letter`);
console.log(
  'split'.padEnd(32),
  JSON.stringify({
    tuning: split.tuning.length,
    extraTuning: extraIds.size,
    heldOut: split.heldOut.length,
    heldOut2: laterIds.size,
    heldOut3: fourthIds.size,
  }),
);
if (errors.length) {
  console.error(errors.join('\n'));
  process.exit(1);
}
