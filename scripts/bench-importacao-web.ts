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
 *    file is handed to the input "Arquivo da planilha" (setInputFiles with the file's path, written
 *    to a temp dir: the browser reads it from disk as from a phone's picker; handing Playwright the
 *    bytes instead sends them through the protocol, which took 0.6–1.7 s of the clock on this
 *    2-core host and is no part of the app) and stops when the preview's count
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
 *   --buffer          hand Playwright the file's bytes (setInputFiles with a buffer) instead of its path
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { lerClientes, sugerirMapeamento, today } from '@caderneta/shared';
import { bancoDeBench, freePort, signUpSeller, startServer, stopServer, waitFor, type BancoDeBench } from './bench/servidor';
import { ensureChromium } from './chromium';
// @ts-expect-error -- plain ESM script without type declarations, shared with `npm run serve`.
import { ensureServerBuild } from './server-build.mjs';
// @ts-expect-error -- plain ESM script without type declarations, shared with `npm start`.
import { webBuildIsCurrent } from './web-source-hash.mjs';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROUNDS = Number(arg('rounds', '3'));
if (!(Number.isInteger(ROUNDS) && ROUNDS >= 1)) throw new Error('--rounds must be a whole number ≥ 1');
const LINHAS = Number(arg('rows', '20000'));
if (!(Number.isInteger(LINHAS) && LINHAS >= 1 && LINHAS <= 20_000)) throw new Error('--rows must be a whole number in 1..20000');
const OUT = path.resolve(root, arg('out', path.join(os.tmpdir(), 'caderneta-importacao-web.json')));
const PROFILE_DIR = arg('profile', '');
const REDE = process.argv.includes('--network');
const BUFFER = process.argv.includes('--buffer');

/** Lighthouse's mobile settings: the CPU slowdown (4) and, with --network, slow 4G as DevTools applies it. */
const MOBILE = throttling.mobileSlow4G;
const CPU_RATE = MOBILE.cpuSlowdownMultiplier;
const VIEWPORT = { width: 390, height: 844 };
const GOAL_MS = 3_000;
const TIMEOUT_MS = 180_000;
const ROTA = '/importar/clientes';

const loadAvg = () => Number(os.loadavg()[0]!.toFixed(2));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
};
const log = (text: string) => console.log(`[bench-importacao-web ${new Date().toISOString().slice(11, 19)}] ${text}`);
const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');

// ---------------------------------------------------------------------------------------------
// The file: a shop's paper caderneta passed to a spreadsheet.

const CABECALHOS = [
  'Nome',
  'Telefone',
  'E-mail',
  'Endereço',
  'CPF',
  'Limite de crédito',
  'Observações',
  'Saldo devedor inicial',
  'Data do saldo',
  'Vencimento combinado',
] as const;

const NOMES = ['Maria', 'José', 'Ana', 'João', 'Antônio', 'Francisca', 'Carlos', 'Paulo', 'Lúcia', 'Luiz', 'Márcia', 'Pedro', 'Sebastião', 'Aline', 'Érica', 'Raimunda', 'Francisco', 'Juliana'];
const SOBRENOMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Conceição', 'Araújo', 'Ribeiro', 'Carvalho', 'Nascimento'];
const RUAS = ['Rua das Flores', 'Rua São João', 'Avenida Brasil', 'Travessa da Paz', 'Rua Sete de Setembro', 'Rua do Comércio', 'Rua Nova'];
const BAIRROS = ['Centro', 'Vila Nova', 'Jardim América', 'Boa Vista', 'São José'];
const OBSERVACOES = ['Paga todo dia 10', 'Recebe no quinto dia útil', 'Cunhada da dona Lúcia', 'Só fiado até R$ 200,00', 'Prefere WhatsApp'];
const DDDS = ['11', '21', '31', '41', '51', '61', '71', '81', '85', '91'];

let semente = 39;
const rand = () => (semente = (semente * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const escolher = <T>(lista: readonly T[]) => lista[Math.floor(rand() * lista.length)]!;

/** A valid CPF (check digits computed) from nine digits. */
function cpf(base: number): string {
  const d = String(base).padStart(9, '0').split('').map(Number);
  const digito = (n: number[]) => {
    const soma = n.reduce((total, x, i) => total + x * (n.length + 1 - i), 0);
    const resto = (soma * 10) % 11;
    return resto === 10 ? 0 : resto;
  };
  d.push(digito(d));
  d.push(digito(d));
  const t = d.join('');
  return `${t.slice(0, 3)}.${t.slice(3, 6)}.${t.slice(6, 9)}-${t.slice(9)}`;
}

interface Cliente {
  nome: string;
  telefone: string;
  email: string | null;
  endereco: string | null;
  cpf: string | null;
  /** Centavos. */
  limite: number | null;
  observacoes: string | null;
  /** Centavos; 0 when the customer owes nothing. */
  saldo: number;
  /** UTC midnight of the day. */
  dataSaldo: Date | null;
  vencimento: Date | null;
}

const DIA = 86_400_000;

/** `n` customers; 70% owe from before, written down on a day in the last 400 (the shop's today excluded). */
function clientes(n: number, hoje: string): Cliente[] {
  const [ano, mes, dia] = hoje.split('-').map(Number) as [number, number, number];
  const hojeUtc = Date.UTC(ano, mes - 1, dia);
  return Array.from({ length: n }, (_, i): Cliente => {
    const nome = `${escolher(NOMES)} ${escolher(SOBRENOMES)} ${escolher(SOBRENOMES)}`;
    // Unique: 4001 is prime to 90,000,000, so i ↦ i·4001 mod 9·10⁷ never repeats a number.
    const numero = String(10_000_000 + ((i * 4_001) % 90_000_000)).padStart(8, '0');
    const ddd = DDDS[i % DDDS.length]!;
    const telefone = i % 4 === 3 ? `(${ddd}) 9${numero.slice(0, 4)}-${numero.slice(4)}` : `${ddd}9${numero}`;
    const deve = i % 10 < 7;
    const dataSaldo = deve ? new Date(hojeUtc - (1 + Math.floor(rand() * 400)) * DIA) : null;
    return {
      nome,
      telefone,
      email: i % 4 === 0 ? `cliente${i}@exemplo.com.br` : null,
      endereco: i % 5 < 2 ? `${escolher(RUAS)}, ${1 + Math.floor(rand() * 2000)} - ${escolher(BAIRROS)}` : null,
      cpf: i % 5 === 0 ? cpf(100_000_000 + i * 37) : null,
      limite: i % 5 === 1 ? (1 + Math.floor(rand() * 20)) * 5_000 : null,
      observacoes: i % 10 === 3 ? escolher(OBSERVACOES) : null,
      saldo: deve ? 500 + Math.floor(rand() * 250_000) : 0,
      dataSaldo,
      // A third of the debtors agreed on a day to pay: 30 days after, past or still to come.
      vencimento: dataSaldo && i % 3 === 0 ? new Date(dataSaldo.getTime() + 30 * DIA) : null,
    };
  });
}

const dinheiro = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ddmmaaaa = (data: Date) => `${String(data.getUTCDate()).padStart(2, '0')}/${String(data.getUTCMonth() + 1).padStart(2, '0')}/${data.getUTCFullYear()}`;

/** The rows as the CSV has them (text), also what the check below reads. */
function celulasCsv(c: Cliente): Array<string | null> {
  return [
    c.nome,
    c.telefone,
    c.email,
    c.endereco,
    c.cpf,
    c.limite === null ? null : dinheiro.format(c.limite / 100),
    c.observacoes,
    c.saldo > 0 ? dinheiro.format(c.saldo / 100) : null,
    c.dataSaldo && ddmmaaaa(c.dataSaldo),
    c.vencimento && ddmmaaaa(c.vencimento),
  ];
}

/** "CSV UTF-8" as Excel in Brazil saves it: a byte-order mark, ";" between cells, CRLF. */
function csv(lista: Cliente[]): Buffer {
  const linhas = [CABECALHOS.join(';'), ...lista.map((c) => celulasCsv(c).map((v) => v ?? '').join(';'))];
  return Buffer.from(`\uFEFF${linhas.join('\r\n')}\r\n`, 'utf8');
}

/** The same rows as an XLSX: amounts as numbers, dates as dates, as a spreadsheet keeps them. */
async function xlsx(lista: Cliente[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clientes');
  sheet.addRow([...CABECALHOS]);
  for (const c of lista) {
    sheet.addRow([c.nome, c.telefone, c.email, c.endereco, c.cpf, c.limite === null ? null : c.limite / 100, c.observacoes, c.saldo > 0 ? c.saldo / 100 : null, c.dataSaldo, c.vencimento]);
  }
  for (const coluna of [6, 8]) sheet.getColumn(coluna).numFmt = '#,##0.00';
  for (const coluna of [9, 10]) sheet.getColumn(coluna).numFmt = 'dd/mm/yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The file must read as the issue's: every row ready to import (else the figure is of another file). */
function conferirArquivo(lista: Cliente[], hoje: string) {
  const mapa = sugerirMapeamento('clientes', [...CABECALHOS]);
  if (mapa.some((campo) => campo === null)) throw new Error(`the titles do not all map to a field: ${JSON.stringify(mapa)}`);
  const lidas = lerClientes(lista.map(celulasCsv), mapa, { locale: 'pt-BR', hoje });
  const ruim = lidas.find((l) => l.problemas.length > 0);
  if (ruim || lidas.length !== lista.length) throw new Error(`the generated file has a row with problems: ${JSON.stringify(ruim)}`);
}

// ---------------------------------------------------------------------------------------------
// The page's own marks. A string, not a function: tsx wraps functions in __name(), which the
// page does not have.

const MARCAS = `(() => {
  const marcas = { change: null, colunas: null, colunasPintada: null, click: null, previa: null, previaPintada: null };
  window.__benchMarcas = marcas;
  const depoisDoQuadro = (nome) => requestAnimationFrame(() => setTimeout(() => { marcas[nome] = performance.now(); }, 0));
  document.addEventListener('change', (e) => {
    if (marcas.change === null && e.target instanceof HTMLInputElement && e.target.type === 'file') marcas.change = performance.now();
  }, true);
  document.addEventListener('click', (e) => {
    const botao = e.target instanceof Element ? e.target.closest('button') : null;
    if (marcas.click === null && botao && botao.textContent.trim() === 'Conferir as linhas') marcas.click = performance.now();
  }, true);
  new MutationObserver(() => {
    if (marcas.change === null) return;
    if (marcas.colunas === null && Array.from(document.querySelectorAll('h2')).some((h) => h.textContent === 'Diga o que cada coluna tem')) {
      marcas.colunas = performance.now();
      depoisDoQuadro('colunasPintada');
    }
    if (marcas.previa === null && marcas.click !== null) {
      const lista = document.querySelector('ul[aria-label="Resumo das linhas"]');
      if (lista && /prontas? para importar/.test(lista.textContent)) {
        marcas.previa = performance.now();
        depoisDoQuadro('previaPintada');
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

interface Marcas {
  change: number | null;
  colunas: number | null;
  colunasPintada: number | null;
  click: number | null;
  previa: number | null;
  previaPintada: number | null;
}

interface Rodada {
  formato: 'csv' | 'xlsx';
  rodada: number;
  load: number;
  /** Wall clock from right before setInputFiles: the column step visible (the read), the preview's count visible (total). */
  leituraMs: number;
  totalMs: number;
  /** From the page's marks (its own clock). */
  pagina: {
    /** Node's clock start to the input's change event: the file handed over by the protocol. */
    entregaMs: number;
    /** change → the column step in the DOM, and after its frame. */
    leituraMs: number;
    leituraPintadaMs: number;
    /** The column step's frame → the click: the automation's gap, no work of the app's. */
    esperaDoCliqueMs: number;
    /**
     * The column step painted → the existentes request starts: the setTimeout, montarPrevia
     * (lerClientes), chavesDaPrevia, the body's JSON. The page starts these as soon as the columns
     * are on screen, not at the click (importar-planilha.tsx).
     */
    montarPreviaMs: number;
    /** POST …/existentes, start to response end. */
    existentesMs: number;
    /** Response end → the preview in the DOM: JSON, the Map, React rendering the step. */
    renderMs: number;
    /** The preview in the DOM → after its frame. */
    quadroMs: number;
    /** change → preview painted, less the time the page sat idle waiting for the automation's click: what the app itself took. */
    appMs: number;
  };
  existentes: { corpoBytes: number; respostaBytes: number; servidorMs: number | null };
}

// ---------------------------------------------------------------------------------------------
// CPU profiles (--profile): the functions with the most self time.

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number }>;
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

function resumoDoPerfil(perfil: CpuProfile, quantos = 15): Array<{ funcao: string; ms: number }> {
  const porNo = new Map(perfil.nodes.map((n) => [n.id, n]));
  const porFuncao = new Map<string, number>();
  const samples = perfil.samples ?? [];
  const deltas = perfil.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const no = porNo.get(samples[i]!);
    if (!no) continue;
    const { functionName, url, lineNumber, columnNumber } = no.callFrame;
    const arquivo = url ? url.replace(/^.*\//, '') : '';
    const chave = arquivo ? `${functionName || '(anonymous)'} ${arquivo}:${lineNumber + 1}:${columnNumber + 1}` : functionName || '(anonymous)';
    // Each sample's time is the delta to the next one.
    porFuncao.set(chave, (porFuncao.get(chave) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...porFuncao.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, quantos)
    .map(([funcao, ms]) => ({ funcao, ms: Math.round(ms) }));
}

// ---------------------------------------------------------------------------------------------

const ARQUIVO = {
  csv: { name: 'caderneta.csv', mimeType: 'text/csv' },
  xlsx: { name: 'caderneta.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
} as const;

/** The file for setInputFiles: its path (the default) or its bytes (--buffer). */
type Entrega = string | { name: string; mimeType: string; buffer: Buffer };

async function rodada(context: BrowserContext, base: string, formato: 'csv' | 'xlsx', arquivo: Entrega, numero: number): Promise<Rodada> {
  const page = await context.newPage();
  try {
    await page.goto(`${base}${ROTA}`, { waitUntil: 'networkidle' });
    const landed = new URL(page.url()).pathname;
    if (landed !== ROTA) throw new Error(`${ROTA} ended on ${landed} (not signed in?)`);
    const input = page.getByLabel('Arquivo da planilha');
    await input.waitFor({ state: 'attached' });

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    if (REDE) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE.requestLatencyMs,
        downloadThroughput: (MOBILE.downloadThroughputKbps * 1024) / 8,
        uploadThroughput: (MOBILE.uploadThroughputKbps * 1024) / 8,
      });
    }
    if (PROFILE_DIR) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }

    // The request as the browser sent it: its body, the wait for the answer (the server's time), the answer's size.
    const existentes: Rodada['existentes'] = { corpoBytes: 0, respostaBytes: 0, servidorMs: null };
    let tamanhos: Promise<unknown> = Promise.resolve();
    page.on('requestfinished', (request) => {
      if (!request.url().endsWith('/api/importacoes/clientes/existentes')) return;
      existentes.corpoBytes = request.postDataBuffer()?.length ?? 0;
      const timing = request.timing();
      existentes.servidorMs = timing.responseStart >= 0 && timing.requestStart >= 0 ? Math.round(timing.responseStart - timing.requestStart) : null;
      tamanhos = request.sizes().then((sizes) => (existentes.respostaBytes = sizes.responseBodySize));
    });

    const load = loadAvg();
    const inicioEpoch = performance.timeOrigin + performance.now();
    const inicio = performance.now();
    await input.setInputFiles(arquivo);
    await page.getByRole('heading', { name: 'Diga o que cada coluna tem' }).waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    const leituraMs = performance.now() - inicio;
    // Playwright's click waits until the button is enabled (no required column is missing).
    await page.getByRole('button', { name: 'Conferir as linhas', exact: true }).click({ timeout: TIMEOUT_MS });
    const contagens = page.getByRole('list', { name: 'Resumo das linhas' });
    await contagens.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    const totalMs = performance.now() - inicio;

    const esperado = `${new Intl.NumberFormat('pt-BR').format(LINHAS)} prontas para importar`;
    const prontas = (await contagens.getByRole('listitem').first().textContent())?.trim();
    if (prontas !== esperado) throw new Error(`the preview says "${prontas}", not "${esperado}": ${await contagens.textContent()}`);

    if (PROFILE_DIR) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      mkdirSync(PROFILE_DIR, { recursive: true });
      const file = path.resolve(PROFILE_DIR, `importacao-${formato}-${numero}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      log(`CPU profile: ${file}`);
      for (const { funcao, ms } of resumoDoPerfil(profile)) console.log(`    ${String(ms).padStart(6)} ms  ${funcao}`);
    }

    // The marks after the preview's frame, and the request's resource timing, from the page.
    await page.waitForFunction('window.__benchMarcas && window.__benchMarcas.previaPintada !== null', undefined, { timeout: TIMEOUT_MS });
    const { marcas, origem, recurso } = (await page.evaluate(`(() => {
      const r = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/importacoes/clientes/existentes')).pop();
      return { marcas: window.__benchMarcas, origem: performance.timeOrigin, recurso: r ? { inicio: r.startTime, fim: r.responseEnd } : null };
    })()`)) as { marcas: Marcas; origem: number; recurso: { inicio: number; fim: number } | null };
    await tamanhos;
    const m = marcas as Required<{ [K in keyof Marcas]: number }>;
    if (Object.values(marcas).some((v) => v === null) || !recurso) throw new Error(`missing marks in the page: ${JSON.stringify({ marcas, recurso })}`);
    const r = Math.round;
    return {
      formato,
      rodada: numero,
      load,
      leituraMs: r(leituraMs),
      totalMs: r(totalMs),
      pagina: {
        entregaMs: r(origem + m.change - inicioEpoch),
        leituraMs: r(m.colunas - m.change),
        leituraPintadaMs: r(m.colunasPintada - m.change),
        esperaDoCliqueMs: r(m.click - m.colunasPintada),
        montarPreviaMs: r(recurso.inicio - m.colunasPintada),
        existentesMs: r(recurso.fim - recurso.inicio),
        renderMs: r(m.previa - recurso.fim),
        quadroMs: r(m.previaPintada - m.previa),
        appMs: r(m.previaPintada - m.change - Math.max(0, m.click - Math.max(m.colunasPintada, recurso.fim))),
      },
      existentes,
    };
  } finally {
    await page.close();
  }
}

/** Which code was measured: the commit, and the web app's and shared package's files changed beside it (read only). */
function codigoMedido(): { commit: string | null; alteradosNoWeb: string[] } {
  try {
    const git = (...args: string[]) => execFileSync('git', ['--no-optional-locks', ...args], { cwd: root, encoding: 'utf8' }).trim();
    const alterados = git('status', '--porcelain', '--', 'apps/web', 'packages/shared');
    return { commit: git('rev-parse', 'HEAD'), alteradosNoWeb: alterados ? alterados.split('\n').map((l) => l.trim()) : [] };
  } catch {
    return { commit: null, alteradosNoWeb: [] };
  }
}

async function main() {
  const results: Record<string, unknown> = {
    linhas: LINHAS,
    rounds: ROUNDS,
    cpuThrottlingRate: CPU_RATE,
    network: REDE ? { ...MOBILE, what: "Lighthouse's mobileSlow4G as DevTools applies it" } : null,
    viewport: VIEWPORT,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    startedAt: new Date().toISOString(),
    ...codigoMedido(),
  };
  const rows: string[][] = [];
  const rodadas: Rodada[] = [];

  const chromiumPath = ensureChromium();
  // The code measured is the current code: the web app rebuilt when its sources changed, the server likewise.
  if (!webBuildIsCurrent()) {
    log('web app: sources changed since the last build, building (npm run -s build:web)');
    execFileSync('npm', ['run', '-s', 'build:web'], { cwd: root, stdio: 'inherit' });
  }
  await ensureServerBuild({ log });

  log(`the file: ${LINHAS} customers, CSV and XLSX`);
  const hoje = today('America/Sao_Paulo');
  const lista = clientes(LINHAS, hoje);
  conferirArquivo(lista, hoje);
  const arquivos = { csv: csv(lista), xlsx: await xlsx(lista) };
  results.bytes = { csv: arquivos.csv.length, xlsx: arquivos.xlsx.length };
  results.entrega = BUFFER ? 'setInputFiles with a buffer' : 'setInputFiles with a path';
  log(`CSV ${(arquivos.csv.length / 1e6).toFixed(2)} MB, XLSX ${(arquivos.xlsx.length / 1e6).toFixed(2)} MB`);
  const pasta = mkdtempSync(path.join(os.tmpdir(), 'caderneta-importacao-web-'));
  const entrega = (formato: 'csv' | 'xlsx'): Entrega => {
    if (BUFFER) return { ...ARQUIVO[formato], buffer: arquivos[formato] };
    const file = path.join(pasta, ARQUIVO[formato].name);
    writeFileSync(file, arquivos[formato]);
    return file;
  };
  const entregas = { csv: entrega('csv'), xlsx: entrega('xlsx') };

  let banco: BancoDeBench | null = null;
  let app: ReturnType<typeof startServer> | null = null;
  let browser: Browser | null = null;
  try {
    log('PostgreSQL (as the tests start it) and the built server');
    banco = await bancoDeBench('importacao_web');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The existentes request shares the backup's rate limit (12 a minute): not what is measured here.
    app = startServer({ DATABASE_URL: banco.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, RATE_LIMIT_BACKUP: '1000' });
    await waitFor(`${base}/api/health`, 120_000);
    const { cookie } = await signUpSeller(banco.handle.db, base, 'importacao-web');

    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    results.chromium = browser.version();
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      // As the journeys run (playwright.config.ts): the service worker would fetch every route's code meanwhile.
      serviceWorkers: 'block',
    });
    await context.addCookies(
      cookie.split('; ').map((c) => {
        const [name, ...value] = c.split('=');
        return { name: name!, value: value.join('='), url: base };
      }),
    );
    await context.addInitScript({ content: MARCAS });

    // Lighthouse's own measure of this host's CPU, in the page, unthrottled: its 4× is relative to it.
    {
      const page = await context.newPage();
      await page.goto(`${base}${ROTA}`, { waitUntil: 'networkidle' });
      const indices: number[] = [];
      for (let i = 0; i < 3; i++) indices.push(Math.round(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)));
      await page.close();
      results.benchmarkIndex = indices;
      log(`host benchmarkIndex (Lighthouse's, unthrottled): ${indices.join(', ')}`);
    }

    log(`${ROUNDS} rounds per format, CPU ${CPU_RATE}× slower (Emulation.setCPUThrottlingRate, Lighthouse's mobile rate)${REDE ? ", Lighthouse's slow 4G" : ''}`);
    for (let i = 1; i <= ROUNDS; i++) {
      for (const formato of ['csv', 'xlsx'] as const) {
        const feita = await rodada(context, base, formato, entregas[formato], i);
        rodadas.push(feita);
        const p = feita.pagina;
        log(
          `${formato} round ${i}: read ${s(feita.leituraMs)}, preview ${s(feita.totalMs)} (in the page: handed over ${p.entregaMs} ms, read ${p.leituraPintadaMs} ms, ` +
            `click gap ${p.esperaDoCliqueMs} ms, montarPrevia ${p.montarPreviaMs} ms, existentes ${p.existentesMs} ms, render ${p.renderMs} + ${p.quadroMs} ms), load ${feita.load}`,
        );
      }
    }
    await context.close();

    results.rodadas = rodadas;
    for (const formato of ['csv', 'xlsx'] as const) {
      const delas = rodadas.filter((r) => r.formato === formato);
      const cada = (f: (r: Rodada) => number) => `${s(median(delas.map(f)))} (${delas.map((r) => (f(r) / 1000).toFixed(2)).join(', ')})`;
      const cargas = delas.map((r) => String(r.load)).join(', ');
      const nome = formato.toUpperCase();
      rows.push([`${nome}: file read, to the column step`, cada((r) => r.leituraMs), '—', cargas]);
      rows.push([`${nome}: preview ready ("${new Intl.NumberFormat('pt-BR').format(LINHAS)} prontas")`, cada((r) => r.totalMs), `≤ ${GOAL_MS / 1000} s`, cargas]);
      rows.push([`${nome}:   the app's own part (no automation gap)`, cada((r) => r.pagina.appMs), `≤ ${GOAL_MS / 1000} s`, cargas]);
      const med = (f: (r: Rodada) => number) => `${median(delas.map(f))}`;
      rows.push([
        `${nome}:   in the page, medians (ms)`,
        `read ${med((r) => r.pagina.leituraPintadaMs)}, montarPrevia ${med((r) => r.pagina.montarPreviaMs)}, existentes ${med((r) => r.pagina.existentesMs)} ` +
          `(${(median(delas.map((r) => r.existentes.corpoBytes)) / 1024).toFixed(0)} KB up), render ${med((r) => r.pagina.renderMs + r.pagina.quadroMs)}`,
        '—',
        cargas,
      ]);
    }
    const totais = rodadas.map((r) => r.totalMs);
    results.goalMet = Math.max(median(rodadas.filter((r) => r.formato === 'csv').map((r) => r.totalMs)), median(rodadas.filter((r) => r.formato === 'xlsx').map((r) => r.totalMs))) <= GOAL_MS;
    results.worstMs = Math.max(...totais);
  } finally {
    await browser?.close().catch(() => undefined);
    if (app) await stopServer(app);
    await banco?.close();
    rmSync(pasta, { recursive: true, force: true });
    report(results, rows);
  }
}

function report(results: Record<string, unknown>, rows: string[][]) {
  results.finishedAt = new Date().toISOString();
  const header = ['what', 'median (rounds), s', 'goal', 'load avg'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const indice = results.benchmarkIndex as number[] | undefined;
  console.log(
    `\n${LINHAS} customers, median of ${ROUNDS}, CPU ${CPU_RATE}× slower (Emulation.setCPUThrottlingRate: Lighthouse's mobile throttling)` +
      `${REDE ? ", Lighthouse's slow 4G" : ', network unthrottled'}, ${VIEWPORT.width}×${VIEWPORT.height}, ${os.cpus().length} CPUs` +
      `${indice ? `, host benchmarkIndex ${median(indice)}` : ''}`,
  );
  for (const line of [header, ...rows]) console.log(line.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
  console.log(`\nwritten: ${OUT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
