import { createReadStream, statSync } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_BACKUP_BYTES,
  MAX_RAZAO_COMPRESSAO_BACKUP,
  backupEventoSchema,
  backupResumoSchema,
  backupsAutomaticosSchema,
  isoDateSchema,
  nomeArquivoBackup,
  today,
  type BackupEvento,
} from '@caderneta/shared';
import { AppError } from '../../lib/errors';
import { arquivoBackupSchema, contarAtuais, lerArquivo, type ArquivoValidado } from './arquivo';
import { exportarParaArquivo, listarAutomaticos, type BackupStore } from './automatico';
import { restaurarBackup } from './restaurar';
import { sellerTimeZone } from '../conta/conta.service';

const grandeDemais = () =>
  new AppError('PAYLOAD_TOO_LARGE', 413, { message: 'O arquivo passa do tamanho máximo aceito para um backup.' });

/**
 * The file's bytes as JSON text, as the browser sends them: plain, or gzip-compressed on the way
 * (Content-Encoding: gzip), decompressed as they arrive. Refused (413) as soon as it passes
 * MAX_BACKUP_BYTES of JSON, or past its first megabyte grows to more than MAX_RAZAO_COMPRESSAO_BACKUP
 * times the compressed bytes it came from (a compression bomb: 249 KB that expand to 262 MB stop
 * after about a megabyte), before the rest is read.
 */
async function* corpoDoArquivo(request: FastifyRequest, payload: Readable): AsyncGenerator<Buffer> {
  const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, { message: 'Use gzip ou nenhuma compressão.' });
  if (Number(request.headers['content-length']) > MAX_BACKUP_BYTES) throw grandeDemais();
  let lidos = 0;
  if (encoding === 'identity') {
    for await (const chunk of payload as AsyncIterable<Buffer>) {
      lidos += chunk.length;
      if (lidos > MAX_BACKUP_BYTES) throw grandeDemais();
      yield chunk;
    }
    return;
  }
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  payload.pipe(gunzip);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      lidos += chunk.length;
      // bytesWritten: the compressed bytes the decompressor has consumed to give what came out so far.
      if (lidos > MAX_BACKUP_BYTES || lidos > MAX_RAZAO_COMPRESSAO_BACKUP * gunzip.bytesWritten + 1024 * 1024) throw grandeDemais();
      yield chunk;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BACKUP_INVALIDO', 422, { message: 'O arquivo compactado está corrompido.', details: { motivo: 'formato' } });
  } finally {
    payload.unpipe(gunzip);
    gunzip.destroy();
  }
}

/**
 * One backup check or restore at a time per shop (in this process). Each reads a whole file —
 * up to MAX_BACKUP_BYTES once decompressed, seconds of work and hundreds of megabytes of memory —
 * so a second one for the same shop waits for the first rather than running beside it: a person
 * has no reason to send two, and several at once could starve everyone else's requests.
 */
class UmPorLoja {
  private readonly ocupadas = new Set<string>();
  private readonly donos = new WeakMap<FastifyRequest, string>();

  /** Takes the shop's turn for `request`, or refuses with 409 BACKUP_EM_ANDAMENTO. */
  tomar(request: FastifyRequest) {
    const loja = request.seller!.id;
    if (this.ocupadas.has(loja)) {
      throw new AppError('BACKUP_EM_ANDAMENTO', 409, { message: 'Já há um backup sendo conferido ou restaurado nesta loja.' });
    }
    this.ocupadas.add(loja);
    this.donos.set(request, loja);
  }

  /** Gives the turn back (once; nothing when `request` holds none). */
  devolver(request: FastifyRequest) {
    const loja = this.donos.get(request);
    if (loja === undefined) return;
    this.donos.delete(request);
    this.ocupadas.delete(loja);
  }

  /** Hands the turn over to work that outlives the response: the caller gives it back with the result. */
  levar(request: FastifyRequest): () => void {
    const loja = this.donos.get(request);
    this.donos.delete(request);
    return () => {
      if (loja !== undefined) this.ocupadas.delete(loja);
    };
  }
}

/** A JSON backup kept as gzip: sent compressed to browsers that take it, decompressed otherwise. */
function enviarJsonGz(request: FastifyRequest, reply: FastifyReply, arquivo: { gz: Readable; bytesGz: number; bytes: number }, nome: string) {
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${nome}"`);
  // The file's real size, for the download's progress (Content-Length is the compressed one).
  reply.header('x-backup-bytes', String(arquivo.bytes));
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    reply.header('content-encoding', 'gzip');
    reply.header('content-length', String(arquivo.bytesGz));
    return reply.send(arquivo.gz);
  }
  reply.header('content-length', String(arquivo.bytes));
  return reply.send(arquivo.gz.pipe(createGunzip()));
}

/**
 * A backup file from GET /api/backup/exportar. The routes' JSON parser (below) reads and checks it
 * as it arrives (lerArquivo), so the handler receives it checked.
 */
const arquivoBody = z.looseObject({}).describe('A backup file from GET /api/backup/exportar');
const arquivoLido = (request: FastifyRequest) => request.body as unknown as ArquivoValidado;

/**
 * A backup file as the API document describes its download. Written as a content map, like any
 * answer the handler streams itself: sellerTx checks a plain schema against what its work returns
 * (here a time zone or a file handle, not the file).
 */
const download = { description: 'A backup file (attachment), gzip-compressed for a client that takes it', content: { 'application/json': { schema: arquivoBackupSchema } } };

/** /api/backup: export, check and restore the shop; the automatic backups kept in `store`. */
export const backupRoutes: FastifyPluginAsyncZod<{ store: BackupStore }> = async (app, { store }) => {
  const tags = ['backup'];
  // Each of these reads or writes a whole shop: a few a minute per address is plenty for a person.
  const poucos = { rateLimit: { max: app.config.rateLimits.backup, timeWindow: '1 minute' } };
  const vez = new UmPorLoja();
  // A file is read a piece at a time as it arrives, never whole (issue 32), so a big upload or
  // several at once leave every other request its turn. Only these routes take a body here.
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload: Readable) => lerArquivo(corpoDoArquivo(request, payload)));
  // The session is checked before a byte of the file is read, then the shop's turn is taken.
  const upload = {
    onRequest: app.requireSeller,
    preParsing: async (request: FastifyRequest, reply: FastifyReply, payload: Readable) => {
      vez.tomar(request);
      // Given back when the answer is over, or when the connection closes before it is (an
      // upload the browser abandoned never gets one).
      reply.raw.once('close', () => vez.devolver(request));
      return payload;
    },
    onResponse: async (request: FastifyRequest) => vez.devolver(request),
    config: poucos,
  };

  // "Exportar Dados": the whole shop as one JSON file, streamed from a snapshot.
  app.get(
    '/api/backup/exportar',
    { preHandler: app.requireSeller, config: poucos, schema: { tags, summary: 'Download every record of the shop as one JSON file', response: { 200: download } } },
    async (request, reply) => {
      const seller = request.seller!;
      const now = app.clock.now();
      const arquivo = await exportarParaArquivo(app.db, seller.id, now);
      const timeZone = await app.sellerTx(request, (tx) => sellerTimeZone(tx, seller.id));
      const gz = createReadStream(arquivo.caminho);
      gz.on('close', () => void arquivo.descartar());
      return enviarJsonGz(request, reply, { gz, bytesGz: statSync(arquivo.caminho).size, bytes: arquivo.bytes }, nomeArquivoBackup(today(timeZone, now)));
    },
  );

  // "Importar Dados", step 1: the whole file is checked and summed up; nothing is written.
  app.post(
    '/api/backup/validar',
    { ...upload, schema: { tags, summary: 'Check a backup file and say what it holds', body: arquivoBody, response: { 200: backupResumoSchema } } },
    async (request) => {
      const arquivo = arquivoLido(request);
      return app.sellerTx(request, async (tx, seller) => ({
        nomeLoja: arquivo.perfil.nomeLoja,
        exportadoEm: arquivo.exportadoEm,
        versao: arquivo.versao,
        contagens: arquivo.contagens,
        atuais: await contarAtuais(tx, seller.id),
      }));
    },
  );

  // "Importar Dados", step 2: checked again, then restored in one transaction. The answer is a
  // stream of JSON lines (progress, then the report or the error that undid everything).
  app.post(
    '/api/backup/restaurar',
    {
      ...upload,
      schema: {
        tags,
        summary: 'Replace the shop by a backup file (one transaction); answers JSON lines',
        body: arquivoBody,
        response: { 200: { description: 'One event per line: progress, then the report or the error that undid everything', content: { 'application/x-ndjson': { schema: backupEventoSchema } } } },
      },
    },
    async (request, reply) => {
      const arquivo = arquivoLido(request);
      // The restore goes on after the answer has started (and if the browser goes away): the
      // shop's turn ends with it.
      const devolver = vez.levar(request);
      const out = new PassThrough();
      const send = (evento: BackupEvento) => out.write(`${JSON.stringify(evento)}\n`);
      app
        // The shop alone: sales, payments and edits sent meanwhile wait for the restore to end.
        .sellerTx(request, (tx, seller) => restaurarBackup(tx, seller.id, arquivo, (tabela, feitos, total) => send({ tipo: 'progresso', tabela, feitos, total })), 'restauracao')
        .then((relatorio) => send({ tipo: 'concluido', relatorio }))
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'backup: restore rolled back');
          const code = error instanceof AppError ? error.code : 'INTERNAL';
          send({ tipo: 'erro', code, message: error instanceof AppError ? error.message : 'Erro interno' });
        })
        .finally(() => {
          devolver();
          out.end();
        });
      reply.header('content-type', 'application/x-ndjson; charset=utf-8');
      // A stream of the documented events, one per line (not one object the type provider knows).
      return (reply as FastifyReply).send(out);
    },
  );

  app.get(
    '/api/backup/automaticos',
    { preHandler: app.requireSeller, schema: { tags, summary: 'The automatic daily backups kept (newest first)', response: { 200: backupsAutomaticosSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => listarAutomaticos(tx, seller.id, store)),
  );

  app.get(
    '/api/backup/automaticos/:dia',
    {
      preHandler: app.requireSeller,
      config: poucos,
      schema: { tags, summary: 'Download one automatic backup', params: z.object({ dia: isoDateSchema }), response: { 200: download } },
    },
    async (request, reply) => {
      const arquivo = await app.sellerTx(request, (tx, seller) => store.abrir(tx, seller.id, request.params.dia));
      if (!arquivo) throw new AppError('NOT_FOUND', 404, { message: 'Backup não encontrado' });
      return enviarJsonGz(request, reply, arquivo, nomeArquivoBackup(request.params.dia));
    },
  );
};
