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

  it('states the rule each sale falls due by, in the three languages', async () => {
    const nota = 'Datas combinadas com um cliente valem só em Devedores.';
    expect(await textos('pt-BR')).toEqual([
      `Pela regra da loja, cada venda fiado vence no dia 10 do mês seguinte. ${nota}`,
      `Pela regra da loja, cada venda fiado vence 1 dia após a compra. ${nota}`,
      `Pela regra da loja, cada venda fiado vence 45 dias após a compra. ${nota}`,
      `Pela regra da loja, todas as vendas fiado vencem em [2026-07-10]. ${nota}`,
      // An empty fixed date falls due as "next month, day 1".
      `Pela regra da loja, cada venda fiado vence no dia 1 do mês seguinte. ${nota}`,
    ]);
    const en = await textos('en-US');
    expect(en[2]).toBe("By the shop's rule, each credit sale is due 45 days after the purchase. Dates agreed with a customer count only in Debtors.");
    expect(en[1]).toContain('due 1 day after');
    const es = await textos('es-ES');
    expect(es[0]).toBe('Según la regla de la tienda, cada venta fiada vence el día 10 del mes siguiente. Las fechas acordadas con un cliente solo cuentan en Deudores.');
    expect(es[3]).toContain('vencen el [2026-07-10]');
  });
});
