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
      const r = await enviarMensagens(ctx.db, deps);
      if (r.enviadas + r.falhas + r.canceladas + r.interrompidas > 0) ctx.log.info({ job: ctx.job, ...r }, 'messages to customers sent');
    },
  };
}
