import { MENSAGENS_PADRAO, type CobrancaConfig } from '@caderneta/shared';
import { describe, expect, it } from 'vitest';
import { mensagemDoDevedor } from './mensagem';

const config: CobrancaConfig = {
  regra: { tipo: 'proximo_mes', diaVencimento: 1, diasPrazo: 30, dataFixa: null },
  mensagens: MENSAGENS_PADRAO['pt-BR'],
  padroes: MENSAGENS_PADRAO['pt-BR'],
  lembreteAntecipado: false,
  diasAntecedencia: 3,
  regua: { ativa: false, dias: [1, 2, 3, 4, 5, 6], inicio: 8, fim: 20, limiteDiario: 250 },
  loja: { nome: 'Mercadinho da Maria', documento: null },
  idioma: 'pt-BR',
  moeda: 'BRL',
  hoje: '2026-03-11',
  pixExemplo: null,
};
const devedor = { nome: 'Ana Souza', login: 'ana48213', saldoPendente: 30_000, dataVencimento: '2026-03-01', diasEmAtraso: 10, faixa: 'firme' as const, pix: null };

describe('the collection message of a debtor', () => {
  it('asks for all she owes, or, with instalments, for what falls due on the instalment', () => {
    expect(mensagemDoDevedor(devedor, config, 'https://caderneta.app')).toContain('R$ 300,00');
    const parcelada = mensagemDoDevedor({ ...devedor, parcela: { numero: 1, de: 3, vencimento: '2026-03-01', aberto: 10_000, devido: 10_000 } }, config, 'https://caderneta.app');
    expect(parcelada).toContain('R$ 100,00');
    expect(parcelada).not.toContain('R$ 300,00');
    expect(parcelada).toContain('01/03/2026');
  });
});
