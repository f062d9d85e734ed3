import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A built web app in miniature (a page and one hashed file), for tests of what serves it. */
export function fakeWebDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'caderneta-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Caderneta</title></head><body><div id="root"></div></body></html>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'entry-1.js'), 'console.log(1)');
  return dist;
}
