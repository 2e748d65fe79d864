// Prints one closing line for the whole test run, from the JSON reports Vitest and Playwright wrote:
// "tests: N passed, N failed, N skipped". CI reads it; people see the total at a glance.
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

let passed = 0;
let failed = 0;
let skipped = 0;
/** Every test that failed, named with its file and the first line of its error: CI shows only the run's tail. */
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((l) => l.trim() !== '') ?? '';

// The unit run, then the server suite again on PostgreSQL (decision 0275).
for (const vitest of ['.data/reports/vitest.json', '.data/reports/vitest-postgres.json']) {
  if (!existsSync(vitest)) continue;
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests)
      failures.push(`${file.name}: ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed before any of its tests ran (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${file.name}: ${firstLine(file.message)}`);
  }
}
/** Journeys that passed only on a retry: counted as passed, and named, so a flaky one is seen (issue 34). */
const flaky = [];
const retried = (suite, file = suite.file) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === 'flaky') flaky.push(`${file}:${spec.line} ${spec.title}`);
      if (t.status === 'unexpected') {
        const last = t.results?.at(-1);
        failures.push(
          `${file}:${spec.line} ${spec.title} — ${firstLine(last?.error?.message ?? last?.status)}`,
        );
      }
    }
  }
  for (const child of suite.suites ?? []) retried(child, child.file ?? file);
};
for (const playwright of [
  '.data/reports/playwright.json',
  '.data/reports/player-e2e.json',
  '.data/reports/consumers.json',
]) {
  if (!existsSync(playwright)) continue;
  const report = JSON.parse(readFileSync(playwright, 'utf8'));
  const s = report.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  for (const suite of report.suites ?? []) retried(suite);
  // A global setup or web server that failed fails the run with no test to name.
  for (const e of report.errors ?? []) failures.push(`${playwright}: ${firstLine(e.message)}`);
}
if (failures.length > 0) console.log(`failed (${failures.length}):\n  ${failures.join('\n  ')}`);
if (flaky.length > 0) console.log(`passed on a retry only (${flaky.length}):\n  ${flaky.join('\n  ')}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
