import type { JobDefinition } from '../../jobs/runner';
import type { PaymentDeps } from '../mercadopago/deps';
import { recheckPendentes } from './pagamentos.service';

/**
 * Asks Mercado Pago again about online payments still waiting (PAYMENT_RECHECK_SECONDS): the only
 * way in for payments that send no webhook. A job of the runner (docs/decisions/013), so each
 * round runs on one instance however many share the database. Each payment is checked and
 * applied in its own transaction under its seller's scope (a credit and its notification commit
 * together); applying the same payment twice credits it once, so a round taken over by another
 * instance after a crash is harmless.
 */
export function recheckPagamentosJob(deps: PaymentDeps, seconds: number): JobDefinition {
  return {
    name: 'verificar-pagamentos-online',
    scope: 'global',
    schedule: { kind: 'every', seconds },
    // A round asks about at most 50 payments, each with Mercado Pago's own timeout.
    leaseMinutes: 5,
    run: async (ctx) => {
      const { verificados, falhas } = await recheckPendentes(ctx.db, deps);
      if (verificados + falhas > 0) ctx.log.info({ verificados, falhas }, 'online payments re-checked');
    },
  };
}
