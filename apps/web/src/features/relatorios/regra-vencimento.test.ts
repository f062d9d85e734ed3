import i18n, { type TFunction } from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { REGRA_VENCIMENTO_PADRAO, type RegraVencimento } from '@caderneta/shared';
import { changeLanguage, loadNamespaces } from '@/lib/i18n';
import { textoDaRegra } from './regra-vencimento';

const regra = (over: Partial<RegraVencimento>): RegraVencimento => ({ ...REGRA_VENCIMENTO_PADRAO, ...over });
const data = (iso: string) => `[${iso}]`;

async function textos(language: 'pt-BR' | 'en-US' | 'es-ES') {
  await changeLanguage(language);
  await loadNamespaces(['relatorios']);
  const t = i18n.getFixedT(language, 'relatorios') as TFunction<'relatorios'>;
  return [
    textoDaRegra(t, regra({ diaVencimento: 10 }), data),
    textoDaRegra(t, regra({ tipo: 'dias_fixos', diasPrazo: 1 }), data),
    textoDaRegra(t, regra({ tipo: 'dias_fixos', diasPrazo: 45 }), data),
    textoDaRegra(t, regra({ tipo: 'data_fixa', dataFixa: '2026-07-10' }), data),
    textoDaRegra(t, regra({ tipo: 'data_fixa', dataFixa: null }), data),
  ];
}

describe("the reports' due-date rule text", () => {
  afterAll(() => changeLanguage('pt-BR'));

  it("states the rule a customer's account falls due by, and that an agreed date and an opening balance count, in the three languages", async () => {
    const nota = 'Uma data combinada com o cliente vale no lugar da regra, e um saldo lançado à mão vence como uma compra do dia em que foi lançado.';
    expect(await textos('pt-BR')).toEqual([
      `Pela regra da loja, a conta de um cliente vence no dia 10 do mês seguinte à dívida mais antiga em aberto. ${nota}`,
      `Pela regra da loja, a conta de um cliente vence 1 dia após a dívida mais antiga em aberto. ${nota}`,
      `Pela regra da loja, a conta de um cliente vence 45 dias após a dívida mais antiga em aberto. ${nota}`,
      `Pela regra da loja, todas as contas vencem em [2026-07-10]. ${nota}`,
      // An empty fixed date falls due as "next month, day 1".
      `Pela regra da loja, a conta de um cliente vence no dia 1 do mês seguinte à dívida mais antiga em aberto. ${nota}`,
    ]);
    const en = await textos('en-US');
    expect(en[2]).toBe(
      "By the shop's rule, a customer's account is due 45 days after their oldest open debt. A date agreed with the customer takes the place of the rule, and a balance entered by hand is due like a purchase made on the day it was entered.",
    );
    expect(en[1]).toContain('due 1 day after');
    const es = await textos('es-ES');
    expect(es[0]).toBe(
      'Según la regla de la tienda, la cuenta de un cliente vence el día 10 del mes siguiente a su deuda pendiente más antigua. Una fecha acordada con el cliente ocupa el lugar de la regla, y un saldo anotado a mano vence como una compra del día en que se anotó.',
    );
    expect(es[3]).toContain('vencen el [2026-07-10]');
  });
});
