import type { LancamentoResultado, NovaVendaInput, PagamentoInput, VendaDetalhe } from '@caderneta/shared';
import { api, ApiError } from '@/lib/api-client';
import { abrirBanco, type ItemDaSaida, type PagamentoNaSaida, type ReciboProvisorio, type VendaEnviada } from './banco';
import { CANAL_DA_SAIDA } from './nomes';

/**
 * The counter's outbox (issue 36, part 3; ADR 035): sales and payments. A sale the server did not take — no
 * connection, or no answer within PRAZO_DA_VENDA_MS — waits on the device with its idempotency key
 * and is sent, in the order it was made, when the connection returns. The key makes it exactly
 * once: a sale whose answer was lost, sent again from another tab or after the server restarted,
 * is answered with the sale already recorded. A sale the server refuses stays, with the reason,
 * until the seller sends it again or lets it go: never dropped.
 */

/** How long "Finalizar Venda" waits for the server before the sale goes to the outbox. */
export const PRAZO_DA_VENDA_MS = 8_000;
/** How often a waiting outbox tries again while the app is open. */
export const INTERVALO_DE_ENVIO_MS = 30_000;
const ULTIMO_ENVIO = 'saida.ultimoEnvio';
/** How many delivered sales are remembered for receipts still on screen. */
const ENVIADAS_GUARDADAS = 50;

// ---- Who is told: this tab's screens and the other tabs of the browser.

const CANAL = CANAL_DA_SAIDA;
const ouvintes = new Set<() => void>();
let canal: BroadcastChannel | null = null;

/** This page's end of the channel: what other tabs (and the shell, app-layout.tsx) hear. */
function oCanal(): BroadcastChannel | null {
  if (!canal && typeof BroadcastChannel === 'function') {
    canal = new BroadcastChannel(CANAL);
    canal.onmessage = () => ouvintes.forEach((o) => o());
  }
  return canal;
}

function avisar() {
  for (const ouvinte of ouvintes) ouvinte();
  oCanal()?.postMessage('mudou');
}

/** Calls `ouvinte` whenever the outbox changes, in this tab or another. Returns the unsubscribe. */
export function assinarSaida(ouvinte: () => void): () => void {
  oCanal();
  ouvintes.add(ouvinte);
  return () => ouvintes.delete(ouvinte);
}

// ---- Reading.

export async function itensDaSaida(sellerId: string): Promise<ItemDaSaida[]> {
  return (await abrirBanco(sellerId)).getAll('saida');
}

export async function ultimoEnvio(sellerId: string): Promise<string | null> {
  return (await (await abrirBanco(sellerId)).get('meta', ULTIMO_ENVIO)) ?? null;
}

/** The number a sale of the outbox got, once it was delivered. */
export async function vendaEnviada(sellerId: string, chave: string): Promise<VendaEnviada | undefined> {
  return (await abrirBanco(sellerId)).get('enviadas', chave);
}

// ---- Writing.

/**
 * Puts a sale in the outbox (once per key) and applies it to the device's copy of the catalogue,
 * so the next sale sees the stock it left and, for fiado, the customer's new balance.
 */
export async function guardarNaSaida(sellerId: string, venda: { input: NovaVendaInput; recibo: ReciboProvisorio }): Promise<void> {
  const chave = venda.input.chave;
  if (!chave) throw new Error('A sale without its key cannot wait in the outbox');
  const banco = await abrirBanco(sellerId);
  const tx = banco.transaction(['saida', 'clientes', 'produtos'], 'readwrite');
  if (await tx.objectStore('saida').index('chave').getKey(chave)) {
    await tx.done;
    return;
  }
  const input = { ...venda.input, chave, offline: { feitaEm: venda.recibo.feitaEm } };
  await tx.objectStore('saida').add({ tipo: 'venda', chave, input, recibo: venda.recibo, tentativas: 0 });
  const quantidades = new Map<string, number>();
  for (const { produtoId, quantidade } of input.itens) if (produtoId && quantidade) quantidades.set(produtoId, (quantidades.get(produtoId) ?? 0) + quantidade);
  for (const [id, quantidade] of quantidades) {
    const produto = await tx.objectStore('produtos').get(id);
    if (produto) {
      const estoqueAtual = Math.max(0, produto.estoqueAtual - quantidade);
      await tx.objectStore('produtos').put({ ...produto, estoqueAtual, estoqueBaixo: estoqueAtual <= produto.estoqueMinimo });
    }
  }
  if (input.formaPagamento === 'fiado' && input.clienteId) {
    const cliente = await tx.objectStore('clientes').get(input.clienteId);
    if (cliente) {
      const saldoAtual = cliente.saldoAtual - venda.recibo.total;
      await tx.objectStore('clientes').put({ ...cliente, saldoAtual, saldoPendente: Math.max(0, -saldoAtual) });
    }
  }
  await tx.done;
  avisar();
}

/**
 * Puts a payment in the outbox (once per key) and credits it to the customer on the device's copy,
 * so the counter sees what the customer owes now.
 */
export async function guardarPagamentoNaSaida(sellerId: string, pagamento: Omit<PagamentoNaSaida, 'tipo' | 'tentativas' | 'input' | 'seq'> & { input: PagamentoInput }): Promise<void> {
  const banco = await abrirBanco(sellerId);
  const tx = banco.transaction(['saida', 'clientes'], 'readwrite');
  if (await tx.objectStore('saida').index('chave').getKey(pagamento.chave)) {
    await tx.done;
    return;
  }
  const input = { ...pagamento.input, chave: pagamento.chave, offline: { feitaEm: pagamento.recibo.feitaEm } };
  await tx.objectStore('saida').add({ tipo: 'pagamento', chave: pagamento.chave, clienteId: pagamento.clienteId, input, recibo: pagamento.recibo, tentativas: 0 });
  const cliente = await tx.objectStore('clientes').get(pagamento.clienteId);
  if (cliente) {
    const saldoAtual = cliente.saldoAtual + pagamento.recibo.valor;
    await tx.objectStore('clientes').put({ ...cliente, saldoAtual, saldoPendente: Math.max(0, -saldoAtual) });
  }
  await tx.done;
  avisar();
}

/** A refused sale, let go by the seller: it leaves the outbox (the device's copy is refreshed by the next catalogue load). */
export async function descartarDaSaida(sellerId: string, chave: string): Promise<void> {
  const banco = await abrirBanco(sellerId);
  const seq = await banco.getKeyFromIndex('saida', 'chave', chave);
  if (seq !== undefined) await banco.delete('saida', seq);
  avisar();
}

/** A refused sale the seller wants sent again (the customer was reactivated, say): the refusal is cleared. */
export async function tentarDeNovo(sellerId: string, chave: string): Promise<void> {
  const banco = await abrirBanco(sellerId);
  const venda = await banco.getFromIndex('saida', 'chave', chave);
  if (venda) {
    delete venda.recusa;
    await banco.put('saida', venda);
  }
  avisar();
}

// ---- Sending.

/**
 * A request that got no answer worth keeping: no connection, none in time, a gateway or a server
 * not there yet (502–504), or "too many requests". Worth trying again later, by itself. A 500 is an
 * answer (the server failed on this sale): shown, and sent again only when the seller asks.
 */
export function semResposta(error: unknown): boolean {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return true;
  return error instanceof ApiError && (error.code === 'NETWORK' || [429, 502, 503, 504].includes(error.status));
}

export const enviarVenda = (input: NovaVendaInput, signal?: AbortSignal) => api<VendaDetalhe>('/api/vendas', { method: 'POST', body: input, signal });
export const enviarPagamento = (clienteId: string, input: PagamentoInput, signal?: AbortSignal) =>
  api<LancamentoResultado>(`/api/clientes/${clienteId}/pagamentos`, { method: 'POST', body: input, signal });

/** How each kind of entry goes to the server (replaced in tests). */
export interface Envios {
  enviar?: typeof enviarVenda;
  enviarPagamento?: typeof enviarPagamento;
}

export interface ResultadoDoEnvio {
  enviadas: number;
  recusadas: number;
  /** Stopped before the end: no answer, or the session ended. The rest waits for the next try. */
  parou: boolean;
}

/** One sender per seller in the browser: a second tab's try waits its turn instead of racing (the key would make the race harmless anyway). */
let enviandoNestaAba: Promise<ResultadoDoEnvio> | null = null;

async function umDeCadaVez(sellerId: string, enviar: () => Promise<ResultadoDoEnvio>): Promise<ResultadoDoEnvio> {
  if (enviandoNestaAba) return enviandoNestaAba;
  const trava = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  enviandoNestaAba = trava ? trava.request(`${CANAL}.${sellerId}`, () => enviar()).then((r) => r) : enviar();
  try {
    return await enviandoNestaAba;
  } finally {
    enviandoNestaAba = null;
  }
}

/** Sends the outbox in order. Safe to call at any moment, from any tab, as often as wanted. */
export function enviarSaida(sellerId: string, { enviar = enviarVenda, enviarPagamento: pagar = enviarPagamento, prazoMs = PRAZO_DA_VENDA_MS }: Envios & { prazoMs?: number } = {}): Promise<ResultadoDoEnvio> {
  return umDeCadaVez(sellerId, async () => {
    const resultado: ResultadoDoEnvio = { enviadas: 0, recusadas: 0, parou: false };
    const banco = await abrirBanco(sellerId);
    for (const venda of await banco.getAll('saida')) {
      if (venda.recusa) continue;
      // Another tab may have sent it while this one waited for the lock.
      if (!(await banco.get('saida', venda.seq!))) continue;
      try {
        const sinal = AbortSignal.timeout(prazoMs);
        const enviada: Omit<VendaEnviada, 'enviadaEm'> =
          venda.tipo === 'pagamento'
            ? { chave: venda.chave, id: (await pagar(venda.clienteId, venda.input, sinal)).lancamento.id }
            : await enviar(venda.input, sinal).then((feita) => ({ chave: venda.chave, id: feita.id, numeroVenda: feita.numeroVenda }));
        const tx = banco.transaction(['saida', 'enviadas'], 'readwrite');
        await tx.objectStore('saida').delete(venda.seq!);
        await tx.objectStore('enviadas').put({ ...enviada, enviadaEm: new Date().toISOString() });
        await tx.done;
        resultado.enviadas++;
      } catch (error) {
        if (semResposta(error) || (error instanceof ApiError && error.status === 401)) {
          await banco.put('saida', { ...venda, tentativas: venda.tentativas + 1 });
          resultado.parou = true;
          break;
        }
        const { code, message } = error instanceof ApiError ? error : { code: 'INTERNAL', message: error instanceof Error ? error.message : '' };
        await banco.put('saida', { ...venda, tentativas: venda.tentativas + 1, recusa: { code, message, em: new Date().toISOString() } });
        resultado.recusadas++;
      }
      avisar();
    }
    if (!resultado.parou) await banco.put('meta', new Date().toISOString(), ULTIMO_ENVIO);
    await esquecerEnviadasAntigas(sellerId);
    avisar();
    return resultado;
  });
}

async function esquecerEnviadasAntigas(sellerId: string) {
  const banco = await abrirBanco(sellerId);
  const chaves = await banco.getAllKeysFromIndex('enviadas', 'enviadaEm');
  for (const chave of chaves.slice(0, Math.max(0, chaves.length - ENVIADAS_GUARDADAS))) await banco.delete('enviadas', chave);
}

/**
 * "Registrar pagamento": to the server; without a connection or an answer in time, to the outbox
 * (credited on the device's copy). The server's refusals come back for the form to show.
 */
export async function pagarOuGuardar(
  sellerId: string,
  pagamento: { clienteId: string; clienteNome: string; valor: number; input: PagamentoInput & { chave: string } },
  { enviar = enviarPagamento, prazoMs = PRAZO_DA_VENDA_MS } = {},
): Promise<{ lancamento: LancamentoResultado } | { guardado: PagamentoNaSaida['recibo'] }> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) {
    try {
      return { lancamento: await enviar(pagamento.clienteId, pagamento.input, AbortSignal.timeout(prazoMs)) };
    } catch (error) {
      if (!semResposta(error)) throw error;
    }
  }
  const recibo = { feitaEm: new Date().toISOString(), clienteNome: pagamento.clienteNome, valor: pagamento.valor, metodo: pagamento.input.metodo ?? 'dinheiro' };
  await guardarPagamentoNaSaida(sellerId, { chave: pagamento.input.chave, clienteId: pagamento.clienteId, input: pagamento.input, recibo });
  return { guardado: recibo };
}

/**
 * "Finalizar Venda": the sale goes to the server; without a connection, or without an answer
 * within PRAZO_DA_VENDA_MS, it goes to the outbox instead and the counter carries on. The server's
 * refusals (stock, limit, validation) come back as before, for the form to show.
 */
export async function venderOuGuardar(
  sellerId: string,
  input: NovaVendaInput,
  recibo: () => ReciboProvisorio,
  { enviar = enviarVenda, prazoMs = PRAZO_DA_VENDA_MS } = {},
): Promise<{ venda: VendaDetalhe } | { guardada: ReciboProvisorio }> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) {
    try {
      return { venda: await enviar(input, AbortSignal.timeout(prazoMs)) };
    } catch (error) {
      if (!semResposta(error)) throw error;
    }
  }
  const guardada = recibo();
  await guardarNaSaida(sellerId, { input, recibo: guardada });
  return { guardada };
}
