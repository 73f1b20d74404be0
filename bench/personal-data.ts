// How long the personal-data detector takes on long letters (issue 26 point 1: a letter of up to
// 50,000 characters in under 200 ms), run by hand (not a test; see bench/README.md):
//   npm run bench:personal-data                 7 runs of each letter
//   npm run bench:personal-data -- --runs 15
// The letters are the tuning part of the labelled corpus (the held-out part is only ever scored):
// its five longest letters, and a 50,000-character letter made of tuning letters one after another.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { detectPersonalData } from '../packages/shared/src/representations/personalData';
import { lettersOf } from '../packages/shared/src/representations/personalData.letters';
import { count, ms, stats } from './common';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 3) {
  console.error('--runs takes a whole number of at least 3');
  process.exit(2);
}
const BUDGET_MS = 200;

// Wall time and this process's CPU time: on a shared machine the wall time also counts the time
// other processes held the cores, the CPU time only the detector's own work.
function timeIt(text: string) {
  const samples: number[] = [];
  const cpu: number[] = [];
  let proposals = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    proposals = detectPersonalData(text).length;
    const used = process.cpuUsage(cpuStart);
    samples.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  return {
    median: stats(samples).median,
    max: Math.max(...samples),
    cpu: stats(cpu).median,
    proposals,
  };
}

const tuning = lettersOf('tuning');
// The name lists are built on the first call: measured apart, as a page pays it once.
const coldStart = performance.now();
detectPersonalData('Yours sincerely\nJane Doe');
const cold = performance.now() - coldStart;

let long = '';
for (let i = 0; long.length < 50_000; i++) long += `${tuning[i % tuning.length]!.text}\n\n`;
long = long.slice(0, 50_000);
const cases = [
  ...[...tuning]
    .sort((a, b) => b.text.length - a.text.length)
    .slice(0, 5)
    .map((l) => ({ name: l.id, text: l.text })),
  { name: 'tuning letters joined', text: long },
];

console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; ${runs} runs each`,
);
console.log(`first call (builds the name lists): ${ms(cold)} ms\n`);
console.log('| letter | characters | proposals | median ms | slowest ms | median CPU ms | within 200 ms |');
console.log('| ------ | ---------: | --------: | --------: | ---------: | ------------: | :-----------: |');
let worst = 0;
for (const c of cases) {
  const t = timeIt(c.text);
  worst = Math.max(worst, t.median);
  console.log(
    `| ${c.name} | ${count(c.text.length)} | ${t.proposals} | ${ms(t.median)} | ${ms(t.max)} | ${ms(t.cpu)} | ${t.median < BUDGET_MS ? 'yes' : 'NO'} |`,
  );
}
console.log(
  `\nworst median ${ms(worst)} ms of a ${BUDGET_MS} ms budget (${((worst / BUDGET_MS) * 100).toFixed(0)} %)`,
);
if (worst >= BUDGET_MS) process.exitCode = 1;
