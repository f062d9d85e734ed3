import type { Cliente, NovaVendaInput, PagamentoInput, Produto, VendaDetalhe } from '@caderneta/shared';
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';
import { nomeDoBanco } from './nomes';

/**
 * What the counter keeps on the device (issue 36, ADR 035), in one IndexedDB database per seller:
 * the customers and products it sells to and from when the connection drops, and the outbox of
 * sales made meanwhile. The seller's id is in the database's name, so one seller's device never
 * reads another's; signing out deletes it (lib/sign-out.ts), once nothing is left to send.
 */

/** What every entry of the outbox has, sale or payment. */
interface NaSaida {
  /** The order it was made in (the store's key): sent in this order. */
  seq?: number;
  /** Its idempotency key (the request's `chave`): however many times it is sent, one record. */
  chave: string;
  /** When the server last refused it, why (a refusal is kept for the seller to see, never dropped). */
  recusa?: { code: string; message: string; em: string };
  tentativas: number;
}

/** A sale made at the counter and not yet accepted by the server. */
export interface VendaNaSaida extends NaSaida {
  tipo: 'venda';
  input: NovaVendaInput & { offline: { feitaEm: string } };
  /** What the provisional receipt and the waiting list show: the cart as it was sold. */
  recibo: ReciboProvisorio;
}

/** A payment received ("Registrar pagamento") and not yet accepted by the server. */
export interface PagamentoNaSaida extends NaSaida {
  tipo: 'pagamento';
  clienteId: string;
  input: PagamentoInput & { offline: { feitaEm: string } };
  recibo: { feitaEm: string; clienteNome: string; valor: number; metodo: NonNullable<PagamentoInput['metodo']> };
}

export type ItemDaSaida = VendaNaSaida | PagamentoNaSaida;

export interface ReciboProvisorio {
  feitaEm: string;
  clienteNome: string | null;
  /** Who made it ("Atendido por"); absent on a receipt kept before the shop had people. */
  atendente?: string | null;
  formaPagamento: NovaVendaInput['formaPagamento'];
  linhas: { descricao: string; detalhe: string; valor: number }[];
  subtotal: number;
  desconto: number;
  total: number;
}

/** What the outbox delivered: the record's id and, for a sale, its number (for a provisional receipt still on screen). */
export interface VendaEnviada {
  chave: string;
  id: string;
  numeroVenda?: VendaDetalhe['numeroVenda'];
  enviadaEm: string;
}

interface BancoDoBalcao extends DBSchema {
  clientes: { key: string; value: Cliente };
  produtos: { key: string; value: Produto };
  saida: { key: number; value: ItemDaSaida; indexes: { chave: string } };
  enviadas: { key: string; value: VendaEnviada; indexes: { enviadaEm: string } };
  meta: { key: string; value: string };
}

export type Banco = IDBPDatabase<BancoDoBalcao>;

const VERSAO = 1;

const abertos = new Map<string, Promise<Banco>>();

/** This seller's database, opened once per page. */
export function abrirBanco(sellerId: string): Promise<Banco> {
  let banco = abertos.get(sellerId);
  if (!banco) {
    banco = openDB<BancoDoBalcao>(nomeDoBanco(sellerId), VERSAO, {
      upgrade(db) {
        db.createObjectStore('clientes', { keyPath: 'id' });
        db.createObjectStore('produtos', { keyPath: 'id' });
        db.createObjectStore('saida', { keyPath: 'seq', autoIncrement: true }).createIndex('chave', 'chave', { unique: true });
        db.createObjectStore('enviadas', { keyPath: 'chave' }).createIndex('enviadaEm', 'enviadaEm');
        db.createObjectStore('meta');
      },
      // Another tab deletes it (signing out): let go, so the deletion is not blocked.
      blocking() {
        void banco?.then((db) => db.close());
        abertos.delete(sellerId);
      },
    });
    abertos.set(sellerId, banco);
    banco.catch(() => abertos.delete(sellerId));
  }
  return banco;
}

/** Deletes this seller's database (signing out). */
export async function apagarBanco(sellerId: string): Promise<void> {
  const banco = abertos.get(sellerId);
  abertos.delete(sellerId);
  if (banco) (await banco.catch(() => null))?.close();
  await deleteDB(nomeDoBanco(sellerId));
}

/** Closes every database this page opened (tests start each case on a fresh IndexedDB). */
export async function fecharBancos(): Promise<void> {
  const todos = [...abertos.values()];
  abertos.clear();
  for (const banco of todos) (await banco.catch(() => null))?.close();
}
