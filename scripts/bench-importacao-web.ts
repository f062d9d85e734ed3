/**
 * Issue 39's browser figure: "the preview of a 20,000-customer file appears in ≤ 3 s on a
 * phone-class CPU (Lighthouse's throttling as the measure)".
 *  - a throw-away PostgreSQL and the real built server (`npm run serve`'s), as `npm run bench`
 *    starts them; a seller signed up, its session in a Playwright Chromium context;
 *  - the built web app (rebuilt first when its sources changed, as `npm start` decides);
 *  - /importar/clientes at a phone's viewport (390×844) with the renderer's CPU slowed 4× through
 *    the DevTools protocol (Emulation.setCPUThrottlingRate, rate 4: Lighthouse's mobile
 *    `cpuSlowdownMultiplier`, what its "devtools" throttling applies and its default "simulate"
 *    mode models). The slowdown is relative to this host: Lighthouse's benchmarkIndex of the host
 *    (its own CPU measure, taken in the page before throttling) is recorded beside the figures;
 *  - a 20,000-row customer file made in memory, as a pt-BR CSV (";", the template's titles,
 *    unique mobile phones, opening balances like "123,45" on 70% of the rows, past dates
 *    dd/mm/yyyy) and the same rows as an XLSX (exceljs; amounts and dates as numbers and dates);
 *  - each round (CSV and XLSX in turn): a freshly loaded page; the clock starts right before the
 *    file is handed to the input "Arquivo da planilha" and stops when the preview's count
 *    "20.000 prontas para importar" is on screen; "Conferir as linhas" is clicked as soon as it is
 *    enabled. Also the time until the column step appeared (the file read), and, from marks taken
 *    in the page itself (performance.now(), resource timing), where the time went: the file read,
 *    the automation's own gap before the click, building the preview (lerClientes), the
 *    POST /api/importacoes/clientes/existentes request, and rendering the preview.
 * The 1-minute load average is recorded with every round: these machines are shared.
 * Prints a table and writes JSON (bench/results.json is committed; this goes to the temp dir).
 *
 *   npx tsx scripts/bench-importacao-web.ts [--rounds N] [--out FILE]
 *   --rounds N        rounds per format (default 3)
 *   --out FILE        where the results go (default $TMPDIR/caderneta-importacao-web.json)
 *   --rows N          rows in the file (default 20000, the issue's)
 *   --network         also Lighthouse's mobile network (slow 4G as DevTools applies it) while timed
 *   --profile DIR     a Chromium CPU profile of each timed round there (.cpuprofile; DevTools or
 *                     speedscope), and the functions with the most self time printed
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { chromium, type Browser, type BrowserContext, type ChildProcess as _Unused } from '@playwright/test';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { lerClientes, sugerirMapeamento, today } from '@caderneta/shared';
import { bancoDeBench, freePort, signUpSeller, startServer, stopServer, waitFor, type BancoDeBench } from './bench/servidor';
import { ensureChromium } from './chromium';
// @ts-expect-error -- plain ESM script without type declarations, shared with `npm run serve`.
import { ensureServerBuild } from './server-build.mjs';
// @ts-expect-error -- plain ESM script without type declarations, shared with `npm start`.
import { webBuildIsCurrent } from './web-source-hash.mjs';
