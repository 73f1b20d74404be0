import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startProgress } from './start-progress';

/** A stream that keeps what was written, as a terminal or a log file would show it. */
function capture(isTTY: boolean) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  stream.isTTY = isTTY;
  return { stream, text: () => text };
}

describe('start-up progress', () => {
  it('prints each step, the seeding count by quarters and each step’s time when not on a terminal', () => {
    const out = capture(false);
    const progress = startProgress(out.stream);
    progress.step('Applying migrations');
    progress.done();
    progress.step('Checking the demo councils');
    for (let done = 500; done <= 20_000; done += 500) progress.count('Seeding "demo"', done, 20_000, 'sites');
    progress.done();
    const lines = out.text().trimEnd().split('\n');
    expect(lines[0]).toBe('  Applying migrations…');
    expect(lines[1]).toMatch(/^ {2}Applying migrations: done in \d+\.\d s$/);
    expect(lines.filter((line) => line.includes('Seeding "demo"'))).toEqual([
      '  Seeding "demo": 500 / 20,000 sites',
      '  Seeding "demo": 5,000 / 20,000 sites',
      '  Seeding "demo": 10,000 / 20,000 sites',
      '  Seeding "demo": 15,000 / 20,000 sites',
      '  Seeding "demo": 20,000 / 20,000 sites',
    ]);
    expect(lines.at(-1)).toMatch(/^ {2}Checking the demo councils: done in \d+\.\d s$/);
  });

  it('rewrites one line per count on a terminal, and ends it before the next step', () => {
    const out = capture(true);
    const progress = startProgress(out.stream);
    progress.step('Seeding');
    progress.count('Seeding "demo"', 1_000, 2_000, 'sites');
    progress.count('Seeding "demo"', 2_000, 2_000, 'sites');
    progress.done();
    expect(out.text()).toContain('\r  Seeding "demo": 1,000 / 2,000 sites\u001b[K');
    expect(out.text()).toContain('\r  Seeding "demo": 2,000 / 2,000 sites\u001b[K\n  Seeding: done in');
  });
});
