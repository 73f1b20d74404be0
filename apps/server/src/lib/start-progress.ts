import { performance } from 'node:perf_hooks';

export type StartProgress = {
  /** A new step begins: its name is printed at once. */
  step(name: string): void;
  /** How far a counted step has got; on a terminal the line is rewritten, elsewhere every quarter. */
  count(name: string, done: number, total: number, unit: string): void;
  /** The current step ended: its time is printed. */
  done(): void;
};

const number = (n: number) => n.toLocaleString('en-GB');

/**
 * Start-up progress on stderr, so the first start (migrations, tens of thousands of demo sites)
 * never looks stuck, and a log collector reading stdout's JSON lines sees nothing of it.
 */
export function startProgress(stream: NodeJS.WriteStream = process.stderr): StartProgress {
  const tty = stream.isTTY === true;
  let current: { name: string; started: number } | null = null;
  let counting: { name: string; quarter: number } | null = null;
  let openLine = false;

  const write = (text: string) => {
    if (openLine) stream.write('\n');
    openLine = false;
    stream.write(`  ${text}\n`);
  };
  const elapsed = () => (current ? ((performance.now() - current.started) / 1000).toFixed(1) : '0.0');

  return {
    step(name) {
      current = { name, started: performance.now() };
      counting = null;
      write(`${name}…`);
    },
    count(name, done, total, unit) {
      if (!current) current = { name, started: performance.now() };
      const text = `${name}: ${number(done)} / ${number(total)} ${unit}`;
      if (tty) {
        stream.write(`\r  ${text}\u001b[K`);
        openLine = true;
        return;
      }
      const quarter = total > 0 ? Math.floor((done / total) * 4) : 4;
      if (counting?.name === name && counting.quarter === quarter) return;
      counting = { name, quarter };
      write(text);
    },
    done() {
      if (!current) return;
      write(`${current.name}: done in ${elapsed()} s`);
      current = null;
      counting = null;
    },
  };
}
