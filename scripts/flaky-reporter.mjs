import path from 'node:path';

// A vitest reporter beside the default one: names every test that passed only on a retry (docs/decisions/065),
// so a flaky test shows up in CI's log as a line to fix instead of disappearing into a green run.
export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && testCase.result().state === 'passed') {
      this.flaky.push(
        `${path.relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName} (passed on retry ${retries})`,
      );
    }
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return;
    console.log(`\nflaky: ${this.flaky.length} test(s) passed only on a retry:`);
    for (const line of this.flaky) console.log(`flaky: ${line}`);
  }
}
