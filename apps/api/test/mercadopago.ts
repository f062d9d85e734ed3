import { expect } from 'vitest';
import type { FakeMercadoPago } from '../src/integrations/mercadopago/fake-server';
import type { SellerSession } from './app';

/** The seller connects the fake Mercado Pago with `token` (sandbox, on), its webhooks signed with that account's secret. */
export async function ligarMercadoPago(seller: SellerSession, fake: FakeMercadoPago, token: string, publicKey = 'APP_USR-public-key') {
  const response = await seller.request({
    method: 'PUT',
    url: '/api/configuracoes/mercadopago',
    payload: { accessToken: token, publicKey, webhookSecret: fake.account(token).webhookSecret, ambiente: 'sandbox', ativo: true },
  });
  expect(response.statusCode, response.body).toBe(200);
}
