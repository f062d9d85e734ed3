import { setImmediate as proximaVolta } from 'node:timers/promises';

/*
 * Reads a backup file as it arrives, never as one string (issue 32: a 249 KB gzip body that
 * expanded to 262 MB was read whole and parsed in one JSON.parse, stalling every shop for 50 s).
 *
 * The file is `{ …envelope…, "dados": { "<table>": [ {row}, {row}, … ], … }, … }`. This reader
 * walks that skeleton itself and hands each other value — an envelope field, one row — to
 * JSON.parse on its own, so the work comes in small pieces between which other requests run, and
 * every piece has a bound: the depth of the whole document, the size of one value, the rows of the
 * file. A file that passes a bound is refused at that point, without reading further.
 */

export interface LimitesLeitura {
  /** Nesting from the root (the root object is 1, `dados` 2, a table 3, a row 4). */
  profundidade: number;
  /** Characters of one envelope field or one row. */
  valor: number;
  /** Rows of the whole file, every table together. */
  linhas: number;
  /** Characters of a key. */
  chave: number;
}

export interface Destino {
  /** A value at the top level other than `dados`. */
  campo(chave: string, valor: unknown): void;
  /** The array of `chave` begins under `dados` (its rows follow). */
  tabela(chave: string): void;
  /** One row of the table begun last; `indice` counts from 0 within it. */
  linha(valor: unknown, indice: number): void;
}

/** Why a file could not be read: the caller turns it into its own answer. */
export class LeituraRecusada extends Error {
  constructor(
    readonly motivo: 'json' | 'estrutura' | 'profundidade' | 'valor' | 'linhas' | 'chave',
    message: string,
  ) {
    super(message);
  }
}

/** Where the skeleton's reader stands. */
const Estado = {
  /** Before the root object. */
  Inicio: 0,
  /** In an object, before a key or its end (`primeiro`: right after the brace). */
  Chave: 1,
  /** After a key, before its colon. */
  DoisPontos: 2,
  /** After a colon or in an array, before a value. */
  Valor: 3,
  /** After a value, before `,` or the container's end. */
  Depois: 4,
  /** After the root object: only whitespace. */
  Fim: 5,
} as const;
type Estado = (typeof Estado)[keyof typeof Estado];

/** What a container of the skeleton is: the root object, `dados`, or one table's array. */
const Papel = { Raiz: 0, Dados: 1, Tabela: 2 } as const;
type Papel = (typeof Papel)[keyof typeof Papel];

const ESPACO = new Uint8Array(128);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) ESPACO[c] = 1;
const ehEspaco = (c: number) => c < 128 && ESPACO[c] === 1;

/** Characters scanned between two turns given to the rest of the server. */
const FATIA = 1 << 20;

export class LeitorDeBackup {
  private texto = '';
  private pos = 0;
  private estado: Estado = Estado.Inicio;
  private primeiro = false;
  private readonly pilha: Papel[] = [];
  private chaveAtual = '';
  private indice = 0;
  private linhas = 0;

  /** The value being read: where it began in `texto`, and how far its scan got. */
  private captura = -1;
  private capturaChave = false;
  private profundidadeValor = 0;
  private naString = false;
  private escape = false;
  private escaneado = 0;

  constructor(
    private readonly destino: Destino,
    private readonly limites: LimitesLeitura,
  ) {}

  /** Feeds the next piece of text (any split: values may span pieces). */
  escrever(pedaco: string): void {
    this.texto += pedaco;
    this.avancar();
    // Drop what was consumed, keeping a value under way from its beginning.
    const manter = this.captura >= 0 ? this.captura : this.pos;
    if (manter > 0) {
      this.texto = this.texto.slice(manter);
      if (this.captura >= 0) {
        this.escaneado -= manter;
        this.captura = 0;
      }
      this.pos -= manter;
    }
  }

  /** The end of the file: it must have ended with the root object. */
  terminar(): void {
    if (this.estado !== Estado.Fim || this.captura >= 0) throw new LeituraRecusada('json', 'O arquivo terminou antes do fim do JSON.');
  }

  private avancar() {
    const t = this.texto;
    while (this.pos < t.length || this.captura >= 0) {
      if (this.captura >= 0) {
        if (!this.continuarCaptura()) return;
        continue;
      }
      const c = t.charCodeAt(this.pos);
      if (ehEspaco(c)) {
        this.pos++;
        continue;
      }
      switch (this.estado) {
        case Estado.Inicio:
          if (c !== 0x7b) throw new LeituraRecusada('estrutura', 'O arquivo não começa com um objeto JSON.');
          this.abrir(Papel.Raiz);
          break;
        case Estado.Chave:
          if (c === 0x7d && this.primeiro) {
            this.fechar();
            break;
          }
          if (c !== 0x22) throw new LeituraRecusada('json', 'JSON inválido: esperava uma chave.');
          this.iniciarCaptura(true);
          break;
        case Estado.DoisPontos:
          if (c !== 0x3a) throw new LeituraRecusada('json', 'JSON inválido: esperava ":".');
          this.pos++;
          this.estado = Estado.Valor;
          break;
        case Estado.Valor:
          this.valor(c);
          break;
        case Estado.Depois: {
          const papel = this.pilha[this.pilha.length - 1]!;
          const fim = papel === Papel.Tabela ? 0x5d : 0x7d;
          if (c === fim) this.fechar();
          else if (c === 0x2c) {
            this.pos++;
            this.estado = papel === Papel.Tabela ? Estado.Valor : Estado.Chave;
            this.primeiro = false;
          } else throw new LeituraRecusada('json', 'JSON inválido: esperava "," ou o fim de um objeto ou lista.');
          break;
        }
        case Estado.Fim:
          throw new LeituraRecusada('json', 'JSON inválido: há algo depois do fim do objeto.');
      }
    }
  }

  /** A value starts at `pos`: a container of the skeleton, or a value read whole. */
  private valor(c: number) {
    const papel = this.pilha[this.pilha.length - 1]!;
    if (papel === Papel.Tabela && c === 0x5d && this.primeiro) {
      this.fechar();
      return;
    }
    if (papel === Papel.Raiz && this.chaveAtual === 'dados') {
      if (c !== 0x7b) throw new LeituraRecusada('estrutura', '"dados" não é um objeto.');
      this.abrir(Papel.Dados);
      return;
    }
    if (papel === Papel.Dados) {
      if (c !== 0x5b) throw new LeituraRecusada('estrutura', `"dados.${this.chaveAtual}" não é uma lista.`);
      this.destino.tabela(this.chaveAtual);
      this.indice = 0;
      this.abrir(Papel.Tabela);
      return;
    }
    if (papel === Papel.Tabela && ++this.linhas > this.limites.linhas) {
      throw new LeituraRecusada('linhas', `O arquivo tem mais de ${this.limites.linhas} registros.`);
    }
    this.iniciarCaptura(false);
  }

  private abrir(papel: Papel) {
    if (this.pilha.length + 1 > this.limites.profundidade) throw new LeituraRecusada('profundidade', 'O JSON tem níveis demais.');
    this.pilha.push(papel);
    this.pos++;
    this.estado = papel === Papel.Tabela ? Estado.Valor : Estado.Chave;
    this.primeiro = true;
  }

  private fechar() {
    this.pilha.pop();
    this.pos++;
    this.estado = this.pilha.length === 0 ? Estado.Fim : Estado.Depois;
    this.primeiro = false;
  }

  private iniciarCaptura(chave: boolean) {
    this.captura = this.pos;
    this.capturaChave = chave;
    this.profundidadeValor = 0;
    this.naString = false;
    this.escape = false;
    this.escaneado = this.pos;
  }

  /**
   * Scans the value under way from where the last piece stopped. True when it ended (and was
   * handed on); false when the text ran out first.
   */
  private continuarCaptura(): boolean {
    const t = this.texto;
    const inicio = this.captura;
    const limite = this.capturaChave ? this.limites.chave : this.limites.valor;
    const base = this.pilha.length;
    let i = this.escaneado;
    let fim = -1;
    const primeiro = t.charCodeAt(inicio);
    const composto = primeiro === 0x7b || primeiro === 0x5b;
    const string = primeiro === 0x22;
    if (!composto && !string) {
      // A number, true, false or null: up to the next delimiter.
      while (i < t.length) {
        const c = t.charCodeAt(i);
        if (c === 0x2c || c === 0x7d || c === 0x5d || ehEspaco(c)) {
          fim = i;
          break;
        }
        i++;
      }
    } else {
      if (i === inicio) {
        i++;
        if (composto) this.profundidadeValor = 1;
        else this.naString = true;
      }
      while (i < t.length) {
        const c = t.charCodeAt(i++);
        if (this.naString) {
          if (this.escape) this.escape = false;
          else if (c === 0x5c) this.escape = true;
          else if (c === 0x22) {
            this.naString = false;
            if (string) {
              fim = i;
              break;
            }
          }
          continue;
        }
        if (c === 0x22) this.naString = true;
        else if (c === 0x7b || c === 0x5b) {
          if (++this.profundidadeValor + base > this.limites.profundidade) throw new LeituraRecusada('profundidade', 'O JSON tem níveis demais.');
        } else if (c === 0x7d || c === 0x5d) {
          if (--this.profundidadeValor === 0) {
            fim = i;
            break;
          }
        }
      }
    }
    if (fim < 0) {
      if (i - inicio > limite) throw new LeituraRecusada(this.capturaChave ? 'chave' : 'valor', 'Um registro do arquivo é grande demais.');
      this.escaneado = i;
      return false;
    }
    if (fim - inicio > limite) throw new LeituraRecusada(this.capturaChave ? 'chave' : 'valor', 'Um registro do arquivo é grande demais.');
    let valor: unknown;
    try {
      valor = JSON.parse(t.slice(inicio, fim));
    } catch {
      throw new LeituraRecusada('json', 'JSON inválido.');
    }
    this.captura = -1;
    this.pos = fim;
    this.entregar(valor);
    return true;
  }

  private entregar(valor: unknown) {
    if (this.capturaChave) {
      this.chaveAtual = valor as string;
      this.estado = Estado.DoisPontos;
      return;
    }
    const papel = this.pilha[this.pilha.length - 1]!;
    if (papel === Papel.Tabela) this.destino.linha(valor, this.indice++);
    else this.destino.campo(this.chaveAtual, valor);
    this.estado = Estado.Depois;
    this.primeiro = false;
  }
}

/**
 * Reads a stream of UTF-8 text into `destino`, a piece at a time, giving the event loop a turn
 * after each piece so that other requests are answered while a big file is read.
 */
export async function lerEmPartes(stream: AsyncIterable<Buffer | string>, destino: Destino, limites: LimitesLeitura): Promise<void> {
  const leitor = new LeitorDeBackup(destino, limites);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const decodificar = (bytes?: Buffer) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new LeituraRecusada('json', 'O arquivo não é texto UTF-8.');
    }
  };
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let start = 0; start < bytes.length; start += FATIA) {
      leitor.escrever(decodificar(bytes.subarray(start, start + FATIA)));
      await proximaVolta();
    }
  }
  leitor.escrever(decodificar());
  leitor.terminar();
}
