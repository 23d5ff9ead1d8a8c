// StrykerJS (`npm run mutate:ts`): mutation testing of the TypeScript front doors, src/http/, src/mcp/ and src/a2a/
// (issue 34). The SQL has its own (`npm run mutate`, `npm run mutate:generated`); the TypeScript is measured here
// with the JavaScript ecosystem's mutation tool, not a hand-written one.
//
// The runner is @stryker-mutator/tap-runner: it runs each tap test file as `node --import tsx <file>` (not through
// the tap CLI, which has no Stryker plugin), so coverage is per test file ("perTest"): a mutant runs only the files
// that executed its code, stopping at the first that fails. The TypeScript checker drops mutants tsc refuses
// ("CompileError", outside the score), since tsx strips types without checking them.
//
// A whole run takes hours on a shared machine; run a folder or a file, or lines of one, with Stryker's own --mutate:
//   npm run mutate:ts -- --mutate 'src/http/**/*.ts'
//   npm run mutate:ts -- --mutate 'src/mcp/session-id.ts,src/a2a/card.ts:10-40'   (one --mutate, a comma list)
// Not in CI (scripts/test.sh): the report is reports/mutation/ (html and json) and the summary table on stdout.
// A test file run by node alone (not by the tap CLI, which reads package.json's timeout of 300 s) would get tap's
// default of 30 s per test, too short on a loaded machine.
process.env.TAP_TIMEOUT ??= '300';

export default {
  packageManager: 'npm',
  plugins: ['@stryker-mutator/tap-runner', '@stryker-mutator/typescript-checker'],
  testRunner: 'tap',
  tap: {
    // The tests of the front doors (the folders' own and the security tests that drive them over HTTP). The fuzz
    // files and the Chromium render test are left out: long, and the same code is covered by these.
    // MUTATE_TS_TESTS (comma-separated globs) runs fewer: the initial run takes every file, so a run of a few mutants
    // is quicker with the files that test them.
    testFiles: process.env.MUTATE_TS_TESTS?.split(',') ?? [
      'test/http/**/*.test.ts',
      'test/mcp/**/*.test.ts',
      'test/a2a/**/*.test.ts',
      '!test/a2a/render.test.ts',
      'test/security/**/*.test.ts',
    ],
    nodeArgs: ['--import', 'tsx', '-r', '{{hookFile}}', '{{testFile}}'],
    forceBail: true,
  },
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: ['src/http/**/*.ts', 'src/mcp/**/*.ts', 'src/a2a/**/*.ts'],
  // Stryker gives half the processes to the checker: 4 is two tsc checkers and two test files at once (each clones a
  // database), what a shared two-core machine takes.
  concurrency: 4,
  // A test file waits on real timers (refusal delays, rate windows): a mutant gets its file's time plus a minute.
  timeoutMS: 60000,
  // The initial run is every test file in turn, with coverage: far more than Stryker's default of 5 minutes here.
  dryRunTimeoutMinutes: 90,
  ignorePatterns: ['dist', 'reports', 'bench', 'chaos', 'examples', '.tap', '.data', 'test-artifacts'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
