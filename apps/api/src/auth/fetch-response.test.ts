import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendFetchResponse } from './fetch-response';

/** What the browser receives when better-auth answers `status` with `body`. */
async function relayed(status: number, body: unknown) {
  const app = Fastify();
  app.get('/', (_request, reply) =>
    sendFetchResponse(reply, new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: response.statusCode, body: response.json() as { code: string; message: string } };
}

describe("better-auth's errors on their way to the web", () => {
  it("known codes become the ones the web translates, with the catalogue's Portuguese message instead of the library's English one", async () => {
    expect(await relayed(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toEqual({
      status: 401,
      body: { code: 'INVALID_CREDENTIALS', message: 'Credenciais inválidas' },
    });
    expect((await relayed(400, { code: 'INVALID_PASSWORD', message: 'Invalid password' })).body).toEqual({ code: 'SENHA_ATUAL_INCORRETA', message: 'Senha atual incorreta' });
    expect((await relayed(401, { code: 'FAILED_TO_GET_SESSION', message: 'Failed to get session' })).body).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Sessão não encontrada. Faça login novamente.',
    });
  });

  it('one of our own codes keeps its message', async () => {
    expect((await relayed(400, { code: 'INVALID_ACCESS_CODE', message: 'O código de acesso está incorreto' })).body).toEqual({
      code: 'INVALID_ACCESS_CODE',
      message: 'O código de acesso está incorreto',
    });
  });

  it("a code the web has no text for goes by its status, without the library's English message", async () => {
    expect(await relayed(400, { code: 'SOMETHING_NEW', message: 'Something new went wrong' })).toEqual({ status: 400, body: { code: 'VALIDATION', message: 'Pedido recusado' } });
    expect((await relayed(429, { code: 'TOO_MANY', message: 'Slow down' })).body.code).toBe('RATE_LIMITED');
    expect((await relayed(403, { message: 'Invalid origin' })).body.code).toBe('FORBIDDEN');
  });
});
