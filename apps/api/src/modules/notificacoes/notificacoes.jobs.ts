import type { JobDefinition } from '../../jobs/runner';
import { limparNotificacoesAntigas } from './notificacoes.service';

/** Every day, each seller's notifications older than 90 days go (the list and its count stay small). */
export const limparNotificacoes: JobDefinition = {
  name: 'limpar-notificacoes',
  scope: 'seller',
  schedule: { kind: 'daily', fromHour: 3 },
  run: (ctx) => ctx.transaction((tx) => limparNotificacoesAntigas(tx, ctx.ownerId!, ctx.now)),
};
