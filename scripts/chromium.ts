import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function which(name: string): string | null {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const found = result.status === 0 ? result.stdout.trim() : '';
  return found && existsSync(found) ? found : null;
}

/**
 * The Chromium the journeys drive: CHROMIUM_PATH, else one on the PATH (Debian's `chromium`,
 * `chromium-browser`, Google Chrome), else one `npx playwright install chromium` downloaded.
 */
export function findChromium(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of NAMES) {
    const found = which(name);
    if (found) return found;
  }
  try {
    const downloaded = chromium.executablePath();
    return existsSync(downloaded) ? downloaded : null;
  } catch {
    return null; // no Playwright browser registry on this machine
  }
}

const HOW =
  'Playwright needs Chromium. Install one of: `apt-get install -y chromium` (Debian), ' +
  '`npx playwright install --with-deps chromium` (downloads Playwright\'s build), or Google Chrome; ' +
  'or set CHROMIUM_PATH to a Chromium/Chrome executable.';

/** findChromium(), installing Debian's package first when running as root with apt-get. */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() === 0 && which('apt-get')) {
    console.log('Chromium not found: installing Debian\'s chromium (apt-get install -y chromium)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
    if (install && install.status === 0) {
      const installed = findChromium();
      if (installed) return installed;
    }
    throw new Error(`Installing Debian's chromium failed. ${HOW}`);
  }
  throw new Error(`Chromium not found. ${HOW}`);
}
