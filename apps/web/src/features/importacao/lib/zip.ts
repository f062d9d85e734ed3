import { ErroPlanilha } from './erros';

/**
 * An XLSX is a ZIP of XML files. A 10 MB ZIP can inflate to gigabytes (a "zip bomb"). So before a
 * part is read, the ZIP's central directory (its table of contents, at the end) is read here and
 * the file is refused when what it declares is too much; then each part the reader needs is
 * inflated as a stream and counted, so a part that lies about its size is stopped as soon as it
 * passes it. Parts the reader does not need (images, themes) are never inflated.
 */

/** Most bytes all the parts of one XLSX may inflate to (a 20,000-row sheet is a few MB of XML). */
export const MAX_DESCOMPRIMIDO = 100 * 1024 * 1024;
/** A part larger than this must not be more compressed than RAZAO_MAXIMA: real XML is 5–30:1. */
const GRANDE = 10 * 1024 * 1024;
const RAZAO_MAXIMA = 200;
/** An XLSX has a few dozen parts; thousands of entries is something else. */
const MAX_ENTRADAS = 5_000;

const ASSINATURA = {
  fimDoDiretorio: 0x06054b50,
  localizadorZip64: 0x07064b50,
  fimDoDiretorioZip64: 0x06064b50,
  entradaCentral: 0x02014b50,
  cabecalhoLocal: 0x04034b50,
} as const;
const SEM_VALOR_16 = 0xffff;
const SEM_VALOR_32 = 0xffffffff;

export interface EntradaZip {
  nome: string;
  /** 0 stored, 8 deflate: the only two an XLSX uses. */
  metodo: number;
  comprimido: number;
  descomprimido: number;
  /** Where its local header starts. */
  inicio: number;
}

const invalido = () => new ErroPlanilha('xlsxInvalido');

/** A 64-bit size as a number; beyond 2^53 it stays huge, which is all a limit needs. */
const u64 = (dados: DataView, at: number) => Number(dados.getBigUint64(at, true));

/** The End Of Central Directory record: searched from the end, past a comment of up to 64 KB. */
function acharFimDoDiretorio(dados: DataView): number {
  const ultimo = dados.byteLength - 22;
  for (let at = ultimo; at >= 0 && at >= ultimo - SEM_VALOR_16; at--) {
    if (dados.getUint32(at, true) === ASSINATURA.fimDoDiretorio) return at;
  }
  throw invalido();
}

/**
 * The entries of the ZIP in `bytes` as its central directory declares them, ZIP64 included.
 * Anything out of bounds or not where the format puts it: 'xlsxInvalido'.
 */
export function lerDiretorioZip(bytes: Uint8Array): EntradaZip[] {
  const dados = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 22) throw invalido();
  const fim = acharFimDoDiretorio(dados);
  if (dados.getUint16(fim + 4, true) !== 0 || dados.getUint16(fim + 6, true) !== 0) throw invalido(); // split over disks
  let total = dados.getUint16(fim + 10, true);
  let tamanho = dados.getUint32(fim + 12, true);
  let inicio = dados.getUint32(fim + 16, true);
  if (total === SEM_VALOR_16 || tamanho === SEM_VALOR_32 || inicio === SEM_VALOR_32) {
    const localizador = fim - 20;
    if (localizador < 0 || dados.getUint32(localizador, true) !== ASSINATURA.localizadorZip64) throw invalido();
    const fim64 = u64(dados, localizador + 8);
    if (fim64 + 56 > fim || dados.getUint32(fim64, true) !== ASSINATURA.fimDoDiretorioZip64) throw invalido();
    total = u64(dados, fim64 + 32);
    tamanho = u64(dados, fim64 + 40);
    inicio = u64(dados, fim64 + 48);
  }
  if (total > MAX_ENTRADAS || inicio + tamanho > fim) throw invalido();
  const nomes = new TextDecoder('utf-8');
  const entradas: EntradaZip[] = [];
  let at = inicio;
  for (let i = 0; i < total; i++) {
    if (at + 46 > inicio + tamanho || dados.getUint32(at, true) !== ASSINATURA.entradaCentral) throw invalido();
    const bandeiras = dados.getUint16(at + 8, true);
    const metodo = dados.getUint16(at + 10, true);
    let comprimido = dados.getUint32(at + 20, true);
    let descomprimido = dados.getUint32(at + 24, true);
    const tamanhoNome = dados.getUint16(at + 28, true);
    const tamanhoExtra = dados.getUint16(at + 30, true);
    const tamanhoComentario = dados.getUint16(at + 32, true);
    let local = dados.getUint32(at + 42, true);
    const proxima = at + 46 + tamanhoNome + tamanhoExtra + tamanhoComentario;
    if (proxima > inicio + tamanho) throw invalido();
    // An encrypted part cannot be read (a password-protected workbook is not a ZIP anyway).
    if (bandeiras & 1) throw invalido();
    if (comprimido === SEM_VALOR_32 || descomprimido === SEM_VALOR_32 || local === SEM_VALOR_32) {
      // ZIP64 extra field (0x0001): the 64-bit values, only those whose 32-bit field is full, in this order.
      let extra = at + 46 + tamanhoNome;
      const fimExtra = extra + tamanhoExtra;
      let achou = false;
      while (extra + 4 <= fimExtra) {
        const id = dados.getUint16(extra, true);
        const tamanhoCampo = dados.getUint16(extra + 2, true);
        if (extra + 4 + tamanhoCampo > fimExtra) throw invalido();
        if (id === 0x0001) {
          let campo = extra + 4;
          const ler = () => {
            if (campo + 8 > extra + 4 + tamanhoCampo) throw invalido();
            const valor = u64(dados, campo);
            campo += 8;
            return valor;
          };
          if (descomprimido === SEM_VALOR_32) descomprimido = ler();
          if (comprimido === SEM_VALOR_32) comprimido = ler();
          if (local === SEM_VALOR_32) local = ler();
          achou = true;
          break;
        }
        extra += 4 + tamanhoCampo;
      }
      if (!achou) throw invalido();
    }
    const nome = nomes.decode(bytes.subarray(at + 46, at + 46 + tamanhoNome));
    entradas.push({ nome, metodo, comprimido, descomprimido, inicio: local });
    at = proxima;
  }
  return entradas;
}

/**
 * Refuses what the directory declares beyond the limits: in all more than MAX_DESCOMPRIMIDO
 * ('grandeDemais'), or one large part absurdly compressed, or a compression an XLSX never uses
 * ('xlsxInvalido').
 */
export function conferirDeclarado(entradas: readonly EntradaZip[]): void {
  let total = 0;
  let razaoAbsurda = false;
  for (const entrada of entradas) {
    if (entrada.metodo !== 0 && entrada.metodo !== 8) throw invalido();
    if (entrada.metodo === 0 && entrada.comprimido !== entrada.descomprimido) throw invalido();
    if (entrada.descomprimido > GRANDE && entrada.descomprimido > RAZAO_MAXIMA * Math.max(entrada.comprimido, 1)) razaoAbsurda = true;
    total += entrada.descomprimido;
  }
  if (total > MAX_DESCOMPRIMIDO) throw new ErroPlanilha('grandeDemais');
  if (razaoAbsurda) throw invalido();
}

/** Where an entry's compressed bytes are, read from its local header. */
function dadosDaEntrada(bytes: Uint8Array, entrada: EntradaZip): Uint8Array {
  const dados = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (entrada.inicio + 30 > bytes.byteLength || dados.getUint32(entrada.inicio, true) !== ASSINATURA.cabecalhoLocal) throw invalido();
  const inicio = entrada.inicio + 30 + dados.getUint16(entrada.inicio + 26, true) + dados.getUint16(entrada.inicio + 28, true);
  if (inicio + entrada.comprimido > bytes.byteLength) throw invalido();
  return bytes.subarray(inicio, inicio + entrada.comprimido);
}

/**
 * One part's bytes, inflated as a stream and counted: a part that inflates past its declared size
 * is refused as soon as it does (having inflated at most one chunk more than it said), one that
 * inflates to less, or whose data is not deflate, too ('xlsxInvalido').
 */
export async function inflar(bytes: Uint8Array, entrada: EntradaZip): Promise<Uint8Array> {
  const dados = dadosDaEntrada(bytes, entrada);
  if (entrada.metodo !== 8) return dados;
  const fonte = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(dados);
      controller.close();
    },
  });
  const leitor = fonte.pipeThrough(new DecompressionStream('deflate-raw') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>).getReader();
  const saida = new Uint8Array(entrada.descomprimido);
  let contados = 0;
  try {
    for (;;) {
      const { done, value } = await leitor.read();
      if (done) break;
      if (contados + value.byteLength > entrada.descomprimido) {
        await leitor.cancel();
        throw invalido();
      }
      saida.set(value, contados);
      contados += value.byteLength;
    }
  } catch (error) {
    // Corrupt deflate data makes the stream fail with a TypeError: the file is not a readable XLSX.
    if (error instanceof ErroPlanilha) throw error;
    throw new ErroPlanilha('xlsxInvalido', { cause: error });
  }
  if (contados !== entrada.descomprimido) throw invalido();
  return saida;
}
