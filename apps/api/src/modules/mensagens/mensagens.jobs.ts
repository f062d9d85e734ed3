import type { JobDefinition } from '../../jobs/runner';
import { enviarMensagens, type EnvioDeps } from './mensagens.service';

/**
 * Sends the outbox of messages to customers every MENSAGENS_SEGUNDOS (docs/decisions/043): a job
 * of the runner (docs/decisions/013), so each round runs on one instance however many share the
 * database; each message is claimed on its own besides, so two rounds never send one twice.
 */
export function enviarMensagensJob(deps: EnvioDeps, seconds: number): JobDefinition {
  return {
    name: 'enviar-mensagens',
    scope: 'global',
    schedule: { kind: 'every', seconds },
    leaseMinutes: 5,
    run: async (ctx) => {
      // The run's clock: a run "as if at" an instant (npm run jobs -- run … --at) sends what is due then.
      const r = await enviarMensagens(ctx.db, { ...deps, clock: ctx.clock });
      if (r.enviadas + r.falhas + r.canceladas + r.interrompidas > 0) ctx.log.info({ job: ctx.job, ...r }, 'messages to customers sent');
    },
  };
}
