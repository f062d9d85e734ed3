import { fileURLToPath } from 'node:url';

/**
 * apps/api/, found from this file: it sits in src/, one level below, as the built server does in
 * dist/ (scripts/server-build.mjs bundles everything into dist/server.mjs). Paths to files the
 * server reads at run time are written from here, so they hold in both.
 */
const API_DIR = new URL('..', import.meta.url);

/** An absolute path under apps/api/. */
export const apiPath = (relative: string): string => fileURLToPath(new URL(relative, API_DIR));
