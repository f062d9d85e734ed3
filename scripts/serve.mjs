// `npm run serve`: the built server (scripts/server-build.mjs), rebuilt first when its sources
// changed. Plain JavaScript, so nothing stands between `node` and the server's own modules.
import { pathToFileURL } from 'node:url';
import { ensureServerBuild } from './server-build.mjs';

const entry = await ensureServerBuild({ log: console.log });
await import(pathToFileURL(entry).href);
