// DATA_DIR locking only exists with embedded PGlite, so this file runs in the PGlite project only.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test/cli';
import { serverHoldingDataDir } from '../../test/servidor-cli';

describe('jobs CLI', () => {
  it('lists the jobs and runs one now, or at a given instant, once per period', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-jobs-'));
    try {
      const env = { DATA_DIR: dataDir, AUTH_SECRET: 'test-secret-test-secret-test-secret!' };
      const list = await runCli('jobs', ['list'], env);
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout.split('\n')).toEqual(expect.arrayContaining(['enviar-mensagens', 'clientes-vencidos', 'backup-automatico', 'regua']));

      const at = ['--at', '2026-12-05T09:00:00-03:00'];
      const primeira = await runCli('jobs', ['run', 'enviar-mensagens', ...at], env);
      expect(primeira.code, primeira.stderr).toBe(0);
      expect(primeira.stdout).toContain('enviar-mensagens: 1 run(s) done');
      const segunda = await runCli('jobs', ['run', 'enviar-mensagens', ...at], env);
      expect(segunda.stdout).toContain('enviar-mensagens: nothing due (this period already ran)');

      const nenhum = await runCli('jobs', ['run', 'nao-existe'], env);
      expect(nenhum.code).not.toBe(0);
      expect(nenhum.stderr).toContain('No job named "nao-existe"');
      const errado = await runCli('jobs', ['run', 'enviar-mensagens', '--at', 'amanhã'], env);
      expect(errado.code).not.toBe(0);
      expect(errado.stderr).toContain('--at takes an ISO instant');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('goes through the server that holds DATA_DIR, at an instant too', { timeout: 120_000 }, async () => {
    const server = await serverHoldingDataDir('token-789');
    const env = { DATA_DIR: server.dataDir };
    try {
      const run = await runCli('jobs', ['run', 'limpar-execucoes'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/limpar-execucoes: (1 run\(s\) done|nothing due)/);
      // Another day's period: it runs (once), though the server's own clock is today.
      const movido = await runCli('jobs', ['run', 'limpar-execucoes', '--at', '2031-12-05T09:00:00-03:00'], env);
      expect(movido.code, movido.stderr).toBe(0);
      expect(movido.stdout).toContain('limpar-execucoes: 1 run(s) done');
      const deNovo = await runCli('jobs', ['run', 'limpar-execucoes', '--at', '2031-12-05T09:30:00-03:00'], env);
      expect(deNovo.stdout).toContain('limpar-execucoes: nothing due (this period already ran)');
      const desconhecido = await runCli('jobs', ['run', 'nao-existe'], env);
      expect(desconhecido.stderr).toContain('The server refused: Não há tarefa "nao-existe"');
    } finally {
      await server.close();
    }
  });
});
