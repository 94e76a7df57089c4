import path from 'node:path';

// A vitest reporter beside the default one: names every test that passed only on a retry (docs/decisions/065),
// so a flaky test shows up in CI's log as a line to fix instead of disappearing into a green run. With it goes the
// first attempt's error (vitest keeps a retried test's earlier errors on its passed result): without the message a
// flaky line names a test but not what went wrong.
export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    const result = testCase.result();
    if (retries > 0 && result.state === 'passed') {
      const first = result.errors?.[0];
      const message = first
        ? String(first.message ?? first)
            .split('\n')
            .slice(0, 8)
            .join('\n  ')
        : '';
      this.flaky.push(
        `${path.relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName} (passed on retry ${retries})` +
          (message ? `\n  first attempt: ${message}` : ''),
      );
    }
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return;
    console.log(`\nflaky: ${this.flaky.length} test(s) passed only on a retry:`);
    for (const line of this.flaky) console.log(`flaky: ${line}`);
  }
}
