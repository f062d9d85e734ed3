import type { JobDefinition } from '../../jobs/runner';
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
