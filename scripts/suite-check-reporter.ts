import type { Reporter, TestModule } from 'vitest/node';

/**
 * Guards the test run itself: a suite that did not run, or a skipped test, fails the run, so a
 * green CI always means every suite ran. Ends with the plain 'N passed, N failed' line.
 */
export default class SuiteCheckReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = new Map<string, { passed: number; failed: number; skipped: number }>();
    for (const module of testModules) {
      const project = module.project.name;
      const count = counts.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') count.passed += 1;
        else if (state === 'failed') count.failed += 1;
        else count.skipped += 1;
      }
      counts.set(project, count);
    }

    const required = (process.env.REQUIRE_SUITES ?? '').split(',').filter(Boolean);
    const problems: string[] = [];
    for (const name of required) {
      if (!counts.get(name)?.passed) problems.push(`suite "${name}" ran no test`);
    }
    let passed = 0;
    let failed = 0;
    const lines: string[] = [];
    for (const [name, count] of [...counts].sort()) {
      passed += count.passed;
      failed += count.failed;
      lines.push(`  ${name}: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`);
      if (count.skipped > 0) problems.push(`suite "${name}" skipped ${count.skipped} test(s)`);
    }
    process.stdout.write(`\nSuites:\n${lines.join('\n')}\n`);
    for (const problem of problems) process.stdout.write(`FAIL: ${problem}\n`);
    if (problems.length > 0) process.exitCode = 1;
    process.stdout.write(`${passed} passed, ${failed} failed\n`);
  }
}
