import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LeituraRecusada, lerEmPartes, type Destino, type LimitesLeitura } from './leitura';

const LIMITES: LimitesLeitura = { profundidade: 6, valor: 10_000, linhas: 1_000, chave: 40 };

/** What a reader hands on, in order. */
function gravador() {
  const eventos: unknown[] = [];
  const destino: Destino = {
    campo: (chave, valor) => eventos.push(['campo', chave, valor]),
    tabela: (chave) => eventos.push(['tabela', chave]),
    linha: (valor, indice) => eventos.push(['linha', indice, valor]),
  };
  return { eventos, destino };
}

/** The events a reader should hand on for a parsed file. */
function esperado(arquivo: Record<string, unknown>): unknown[] {
  const eventos: unknown[] = [];
  for (const [chave, valor] of Object.entries(arquivo)) {
    if (chave !== 'dados') {
      eventos.push(['campo', chave, valor]);
      continue;
    }
    for (const [tabela, linhas] of Object.entries(valor as Record<string, unknown[]>)) {
      eventos.push(['tabela', tabela]);
      linhas.forEach((linha, i) => eventos.push(['linha', i, linha]));
    }
  }
  return eventos;
}

async function ler(pedacos: Array<string | Buffer>, limites = LIMITES) {
  const { eventos, destino } = gravador();
  await lerEmPartes(
    (async function* () {
      for (const p of pedacos) yield typeof p === 'string' ? Buffer.from(p) : p;
    })(),
    destino,
    limites,
  );
  return eventos;
}

async function recusa(texto: string, limites = LIMITES): Promise<string> {
  try {
    await ler([texto], limites);
  } catch (error) {
    if (error instanceof LeituraRecusada) return error.motivo;
    throw error;
  }
  throw new Error('read without refusing');
}

const ARQUIVO = {
  formato: 'caderneta-backup',
  versao: 2,
  exportadoEm: '2026-11-27T10:00:00.000Z',
  perfil: { nomeLoja: 'Mercadinho São João — "o melhor"', notificacoes: { venda: true }, pix: null },
  dados: {
    clientes: [
      { id: 'a', nome: 'José 😀 Ação', saldoAtual: -1250, ativo: true, observacoes: 'linha 1\nlinha 2 \\ fim' },
      { id: 'b', nome: 'Maria', saldoAtual: 0, ativo: false, observacoes: null },
    ],
    lembretes: [],
    vendas: [{ id: 'v', valorTotal: 1e3, numeros: [1, -2.5, 3e-2], params: { a: [] } }],
  },
  contagens: { clientes: 2, lembretes: 0, vendas: 1 },
  checksum: 'abc',
};

describe('lerEmPartes: a backup file read a piece at a time', () => {
  it('hands on every envelope field and every row, in file order, whatever the pieces', async () => {
    const texto = JSON.stringify(ARQUIVO);
    const bytes = Buffer.from(texto);
    expect(await ler([texto])).toEqual(esperado(ARQUIVO));
    // Every split into two pieces, even inside a multi-byte character (😀, ç, ã).
    for (let corte = 1; corte < bytes.length; corte++) {
      expect(await ler([bytes.subarray(0, corte), bytes.subarray(corte)])).toEqual(esperado(ARQUIVO));
    }
    // One byte at a time.
    expect(await ler([...bytes].map((b) => Buffer.from([b])))).toEqual(esperado(ARQUIVO));
  });

  it('reads the file indented by an editor too', async () => {
    expect(await ler([JSON.stringify(ARQUIVO, null, 2)])).toEqual(esperado(ARQUIVO));
    expect(await ler([`\ufeff${JSON.stringify(ARQUIVO, null, '\t')}\r\n`])).toEqual(esperado(ARQUIVO));
  });

  it('reads any file of this shape as JSON.parse does (property)', async () => {
    const valor = fc.jsonValue({ maxDepth: 1 });
    const arquivo = fc.record({
      formato: fc.string(),
      perfil: fc.dictionary(fc.string({ maxLength: 8 }), valor, { maxKeys: 3 }),
      dados: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.array(fc.oneof(valor, fc.dictionary(fc.string(), valor)), { maxLength: 4 }), { maxKeys: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(arquivo, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), async (a, cortes, indentado) => {
        const bytes = Buffer.from(JSON.stringify(a, null, indentado ? 1 : undefined));
        const pontos = [...new Set(cortes.map((c) => c % (bytes.length + 1)))].sort((x, y) => x - y);
        const pedacos = [0, ...pontos, bytes.length].slice(1).map((fim, i, all) => bytes.subarray(i === 0 ? 0 : all[i - 1], fim));
        expect(await ler(pedacos)).toEqual(esperado(JSON.parse(bytes.toString()) as Record<string, unknown>));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what is not JSON, or not the shape of a backup', async () => {
    expect(await recusa('')).toBe('json');
    expect(await recusa('[1, 2]')).toBe('estrutura');
    expect(await recusa('"texto"')).toBe('estrutura');
    expect(await recusa('{"a": 1')).toBe('json');
    expect(await recusa('{"a": 1,}')).toBe('json');
    expect(await recusa('{"a" 1}')).toBe('json');
    expect(await recusa('{"a": 1} {}')).toBe('json');
    expect(await recusa('{"a": tru}')).toBe('json');
    expect(await recusa('{"dados": []}')).toBe('estrutura');
    expect(await recusa('{"dados": {"clientes": {}}}')).toBe('estrutura');
    expect(await recusa('{"dados": {"clientes": [1,]}}')).toBe('json');
    expect(await recusa('{"dados": {"clientes": [{"id": 1}')).toBe('json');
    await expect(ler([Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])])).rejects.toMatchObject({ motivo: 'json' });
  });

  it('refuses a file past its limits while reading, before the rest arrives', async () => {
    // Depth: root 1, dados 2, a table 3, a row 4…
    await expect(ler(['{"dados": {"t": [{"a": {"b": [1]}}]}}'])).resolves.toHaveLength(2);
    expect(await recusa('{"dados": {"t": [{"a": {"b": [[1]]}}]}}')).toBe('profundidade');
    expect(await recusa(`{"perfil": ${'['.repeat(100_000)}`)).toBe('profundidade');
    // One value's size, and a key's.
    expect(await recusa(`{"perfil": "${'x'.repeat(10_001)}"}`)).toBe('valor');
    expect(await recusa(`{"dados": {"t": [{"a": "${'x'.repeat(10_001)}"}]}}`)).toBe('valor');
    expect(await recusa(`{"${'k'.repeat(41)}": 1}`)).toBe('chave');
    // Rows of the whole file, every table together.
    const linhas = (n: number) => Array.from({ length: n }, () => '{}').join(',');
    await expect(ler([`{"dados": {"a": [${linhas(600)}], "b": [${linhas(400)}]}}`])).resolves.toHaveLength(1_002);
    expect(await recusa(`{"dados": {"a": [${linhas(600)}], "b": [${linhas(401)}]}}`)).toBe('linhas');
  });

  it('stops at the first refusal even when more would come (a bomb is not read to its end)', async () => {
    let lidos = 0;
    const { destino } = gravador();
    const infinito = (async function* () {
      yield Buffer.from(`{"perfil": "`);
      for (;;) {
        lidos++;
        yield Buffer.alloc(1024, 'x');
      }
    })();
    await expect(lerEmPartes(infinito, destino, LIMITES)).rejects.toMatchObject({ motivo: 'valor' });
    expect(lidos).toBeLessThan(12);
  });
});
