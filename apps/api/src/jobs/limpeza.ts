import { sql } from 'drizzle-orm';
import { jobExecucoes } from '../db/schema';
import type { JobDefinition } from './runner';

/** How long finished runs are kept: long enough to see what ran last month, and what failed. */
export const DIAS_HISTORICO_EXECUCOES = 35;

/** Forgets finished runs older than a month, once a day for the installation. */
export const limparExecucoes: JobDefinition = {
  name: 'limpar-execucoes',
  scope: 'global',
  schedule: { kind: 'daily' },
  async run(ctx) {
    const limite = new Date(ctx.now.getTime() - DIAS_HISTORICO_EXECUCOES * 86_400_000);
    await ctx.transaction((tx) =>
      tx.execute(sql`delete from ${jobExecucoes} where iniciado_em < ${limite.toISOString()}::timestamptz and status <> 'rodando'`),
    );
  },
};
