import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CENTS } from '@caderneta/shared';
import { createMercadoPagoClient, emCentavosDoPagamento, type MpPaymentBody, type PreferenceRequest } from './client';

/** A fetch that records what it was sent and answers `body`. */
function fetchAnswering(body: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { sent, fetchImpl };
}

const pedido = (valorUnitario: number): PreferenceRequest => ({
  items: [{ id: 'p1', title: 'Saldo', quantity: 1, valorUnitario, currency_id: 'BRL' }],
  payment_methods: { excluded_payment_types: [], installments: 1 },
  back_urls: { success: 'https://x/s', failure: 'https://x/f', pending: 'https://x/p' },
  external_reference: 'p1',
});

describe('the Mercado Pago client speaks reais on the wire and centavos to the app', () => {
  it('prices a preference in reais from centavos, exactly, for every amount a shop can charge', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: MAX_CENTS }), async (centavos) => {
        const { sent, fetchImpl } = fetchAnswering({ id: 'pref', init_point: 'https://mp/checkout' });
        await createMercadoPagoClient('https://mp.test', fetchImpl).createPreference('APP_USR-1', pedido(centavos), 'k');
        const body = JSON.parse(String(sent[0]!.init.body)) as { items: { unit_price: number; valorUnitario?: number }[] };
        expect(body.items[0]!.valorUnitario).toBeUndefined();
        // What Mercado Pago reads back as centavos is what the app asked for.
        expect(Math.round(body.items[0]!.unit_price * 100)).toBe(centavos);
      }),
      { numRuns: 300 },
    );
    const { sent, fetchImpl } = fetchAnswering({ id: 'pref', init_point: 'https://mp/checkout' });
    await createMercadoPagoClient('https://mp.test', fetchImpl).createPreference('APP_USR-1', pedido(10_501), 'k');
    expect(String(sent[0]!.init.body)).toContain('"unit_price":105.01');
  });

  it('reads a payment amount in reais as centavos, from a number or its text', async () => {
    const pagamento: MpPaymentBody = { id: 1, status: 'approved', transaction_amount: 105.01, currency_id: 'BRL', external_reference: 'p1' };
    const { fetchImpl } = fetchAnswering(pagamento);
    const lido = await createMercadoPagoClient('https://mp.test', fetchImpl).getPayment('APP_USR-1', '1');
    expect(lido).toEqual({ id: 1, status: 'approved', valor: 10_501, currency_id: 'BRL', external_reference: 'p1' });
    expect(emCentavosDoPagamento({ ...pagamento, transaction_amount: '0.29' as unknown as number }).valor).toBe(29);
    const busca = fetchAnswering({ results: [pagamento, { ...pagamento, id: 2, transaction_amount: 0.1 }] });
    expect((await createMercadoPagoClient('https://mp.test', busca.fetchImpl).searchPayments('APP_USR-1', 'p1')).map((p) => p.valor)).toEqual([10_501, 10]);
  });
});
