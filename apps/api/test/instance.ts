import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './cli';
import { freePort } from './pg-server';

/*
 * The real server (`apps/api/src/server.ts`) as a separate process, the way an operator runs
 * several instances behind a load balancer: its own port, its own connection pool, nothing shared
 * with the test process but the database. `node --import tsx` keeps it one process, so a SIGKILL
 * kills exactly the server.
 */

/** The address people use: every instance behind the "load balancer" shares it (cookies, Origin). */
export const PUBLIC_ORIGIN = 'http://localhost:3000';

/** Rate limits out of the way: the suite sends hundreds of requests from one address. */
const UNLIMITED = {
  RATE_LIMIT_SIGN_IN: '100000',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '100000',
  RATE_LIMIT_SIGN_UP: '100000',
  RATE_LIMIT_PASSWORD_RESET: '100000',
  RATE_LIMIT_CHANGE_PASSWORD: '100000',
  RATE_LIMIT_CUSTOMER_PAGE: '100000',
  RATE_LIMIT_CUSTOMER_PAGE_PER_CODE: '100000',
  RATE_LIMIT_CUSTOMER_PAGE_MISSES: '100000',
  RATE_LIMIT_ONLINE_PAYMENT: '100000',
};

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Instance {
  name: string;
  url: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends `signal` and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<Exit>;
  /** Resolves when the process ends (whoever ended it). */
  exited: Promise<Exit>;
}

export interface InstanceOptions {
  name: string;
  /** DATABASE_URL or DATA_DIR, MERCADOPAGO_API_URL, PAYMENT_RECHECK_SECONDS… */
  env: Record<string, string>;
  /** Keep the same port across a restart (default: a free one). */
  port?: number;
  /** How long start-up may take (a busy CI machine compiles the TypeScript first). */
  timeoutMs?: number;
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Not the test runner's: the server reads its own.
      TEST_DB: '',
      VITEST: '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: PUBLIC_ORIGIN,
      LOG_LEVEL: 'warn',
      PAYMENT_RECHECK_SECONDS: '0',
      ...UNLIMITED,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let ended: Exit | null = null;
  void exited.then((exit) => (ended = exit));
  for (;;) {
    if (ended) throw new Error(`${options.name} exited during start-up (${JSON.stringify(ended)}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not answer /api/health within ${options.timeoutMs ?? 120_000} ms:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name: options.name,
    url,
    pid: child.pid!,
    output: () => output,
    exited,
    async kill(signal) {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
}

/** An HTTP answer as the client saw it: a status and its JSON, or a network error (status 0). */
export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The answer's headers (none for a network error). */
  headers?: Headers;
  error?: string;
}

/** A browser-like client of the instances: one seller's cookie, the public Origin. */
export class SellerClient {
  constructor(
    readonly id: string,
    readonly email: string,
    private cookie: string,
  ) {}

  async request(instance: Pick<Instance, 'url'>, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return send(instance, method, url, body, { cookie: this.cookie, ...headers });
  }
}

export async function send(instance: Pick<Instance, 'url'>, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    const response = await fetch(`${instance.url}${url}`, {
      method,
      headers: { origin: PUBLIC_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  } catch (error) {
    return { status: 0, body: null, error: (error as Error).cause ? String((error as Error).cause) : String(error) };
  }
}

let counter = 0;

/** Signs a seller up on `instance` with `code` and signs them in. */
export async function signUpSeller(instance: Pick<Instance, 'url'>, code: string, name = `Loja ${++counter}`): Promise<SellerClient> {
  const email = `vendedor-${process.pid}-${Date.now()}-${++counter}@example.com`;
  const signUp = await send(instance, 'POST', '/api/cadastro', {
    nomeCompleto: `Vendedor ${name}`,
    nomeLoja: name,
    codigoAcesso: code,
    email,
    senha: 'segredo123',
    confirmarSenha: 'segredo123',
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const response = await fetch(`${instance.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: PUBLIC_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'segredo123', rememberMe: true }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = (await response.json()) as { user: { id: string } };
  return new SellerClient(user.id, email, cookie);
}
