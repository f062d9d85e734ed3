import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './cli';

/** Where the reliability suite leaves its figures (one JSON file per part); `npm test` prints them. */
export const FIGURES_DIR = path.join(ROOT, '.tmp', 'reliability');

/** Records what a reliability test measured, and says it on the console. */
export function reportFigures(part: string, figures: Record<string, number | string>): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(path.join(FIGURES_DIR, `${part}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`[reliability] ${part}: ${Object.entries(figures).map(([k, v]) => `${k} ${v}`).join(', ')}`);
}
