import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** Runs one of the operator commands (apps/api/src/cli/NAME.ts) as a person would. */
export async function runCli(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(TSX, [path.join(ROOT, `apps/api/src/cli/${name}.ts`), ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      cwd: ROOT,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

