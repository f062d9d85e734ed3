import type { JobDefinition } from '../../jobs/runner';
import { planejarLembretes } from './regua.service';
import { notificarClientesVencidos } from './vencidos.service';

/**
 * Every shop-day, each seller is told of the customers whose due date passed since the last run
 * ("Clientes devedores" preference, off by default): see vencidos.service.ts.
 */
export const clientesVencidos: JobDefinition = {
  name: 'clientes-vencidos',
  scope: 'seller',
  schedule: { kind: 'daily' },
  run: (ctx) =>
    ctx.transaction(async (tx) => {
      const n = await notificarClientesVencidos(tx, ctx.ownerId!, ctx.periodo, ctx.ultimoPeriodo);
      if (n > 0) ctx.log.info({ job: ctx.job, ownerId: ctx.ownerId, periodo: ctx.periodo, notificacoes: n }, 'overdue customers notified');
    }),
};

/**
 * The régua that runs by itself (docs/decisions/045): every shop-day, the reminders each debtor who
 * consented reached are queued for the shop's sending window; the "enviar-mensagens" job sends them.
 */
export function reguaJob(publicUrl: string): JobDefinition {
  return {
    name: 'regua',
    scope: 'seller',
    schedule: { kind: 'daily' },
    run: (ctx) =>
      ctx.transaction(async (tx) => {
        const plano = await planejarLembretes(tx, ctx.ownerId!, ctx.now, publicUrl);
        if (plano.enfileirados + plano.adiados > 0) ctx.log.info({ job: ctx.job, ownerId: ctx.ownerId, periodo: ctx.periodo, ...plano }, 'reminders queued');
      }),
  };
}
