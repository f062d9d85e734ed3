import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { BACKUPS_AUTOMATICOS_MANTIDOS, type BackupAutomatico, type BackupsAutomaticos } from '@caderneta/shared';
import type { Database, Executor, Tx } from '../../db/client';
import { withSeller } from '../../db/client';
import { backupsAutomaticos, perfis } from '../../db/schema';
import type { JobDefinition } from '../../jobs/runner';
import { escreverBackup, type ExportResult } from './arquivo';

export interface ArquivoExportado extends ExportResult {
  /** The gzip of the JSON file, in a temporary directory of its own. */
  caminho: string;
  /** Removes the temporary directory. */
  descartar(): Promise<void>;
}

/**
 * Exports the seller's shop to a temporary gzip file, from one snapshot of the database
 * (REPEATABLE READ, read-only, under the seller's RLS). The file, not the transaction, is then
 * sent to a browser or kept: a slow download never holds the database.
 */
export async function exportarParaArquivo(db: Database, ownerId: string, now: Date): Promise<ArquivoExportado> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'caderneta-backup-'));
  const descartar = () => rm(dir, { recursive: true, force: true });
  const caminho = path.join(dir, 'backup.json.gz');
  const gzip = createGzip({ level: 6 });
  const file = createWriteStream(caminho);
  gzip.pipe(file);
  try {
    const result = await db.transaction(
      async (tx) => {
        await tx.execute(sql`select set_config('app.user_id', ${ownerId}, true)`);
        await tx.execute(sql`set local role app_user`);
        return escreverBackup(tx, ownerId, now, {
          async write(text) {
            if (!gzip.write(text)) await once(gzip, 'drain');
          },
        });
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await finished(file);
    return { ...result, caminho, descartar };
  } catch (error) {
    gzip.destroy();
    file.destroy();
    await descartar();
    throw error;
  }
}

/** Where automatic backups are kept: files in a directory, or a table of the database. */
export interface BackupStore {
  readonly tipo: 'arquivos' | 'banco';
  /** Keeps the day's backup (replacing one of the same day) and forgets all but the newest seven. */
  salvar(ownerId: string, dia: string, arquivoGz: string, bytes: number): Promise<void>;
  listar(tx: Executor, ownerId: string): Promise<BackupAutomatico[]>;
  /** The day's backup as gzip, or null. */
  abrir(tx: Executor, ownerId: string, dia: string): Promise<{ gz: Readable; bytesGz: number; bytes: number } | null>;
}

const SELLER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const DIA = /^\d{4}-\d{2}-\d{2}$/;

/** Size of the data a gzip file holds: its last four bytes (ISIZE), for files under 4 GB. */
async function tamanhoDescompactado(file: string): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(4);
    await handle.read(buffer, 0, 4, size - 4);
    return buffer.readUInt32LE(0);
  } finally {
    await handle.close();
  }
}

/** DATA_DIR/backups/<seller>/<YYYY-MM-DD>.json.gz (PGlite, or BACKUP_DIR on a shared volume). */
export function backupStoreEmArquivos(raiz: string): BackupStore {
  const pasta = (ownerId: string) => {
    if (!SELLER_ID.test(ownerId)) throw new Error('backup: unexpected seller id');
    return path.join(raiz, ownerId);
  };
  async function dias(ownerId: string): Promise<string[]> {
    try {
      return (await readdir(pasta(ownerId)))
        .filter((f) => /^\d{4}-\d{2}-\d{2}\.json\.gz$/.test(f))
        .map((f) => f.slice(0, 10))
        .sort()
        .reverse();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
  return {
    tipo: 'arquivos',
    async salvar(ownerId, dia, arquivoGz) {
      const dir = pasta(ownerId);
      await mkdir(dir, { recursive: true });
      const destino = path.join(dir, `${dia}.json.gz`);
      const temporario = `${destino}.${process.pid}.tmp`;
      // Write beside, then rename: a reader never sees half a file.
      await finished(createReadStream(arquivoGz).pipe(createWriteStream(temporario)));
      await rename(temporario, destino);
      for (const velho of (await dias(ownerId)).slice(BACKUPS_AUTOMATICOS_MANTIDOS)) await rm(path.join(dir, `${velho}.json.gz`), { force: true });
    },
    async listar(_tx, ownerId) {
      const out: BackupAutomatico[] = [];
      for (const dia of await dias(ownerId)) {
        const file = path.join(pasta(ownerId), `${dia}.json.gz`);
        out.push({ dia, tamanho: await tamanhoDescompactado(file), criadoEm: (await stat(file)).mtime.toISOString() });
      }
      return out;
    },
    async abrir(_tx, ownerId, dia) {
      if (!DIA.test(dia)) return null;
      const file = path.join(pasta(ownerId), `${dia}.json.gz`);
      try {
        const { size } = await stat(file);
        return { gz: createReadStream(file), bytesGz: size, bytes: await tamanhoDescompactado(file) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/** The table backups_automaticos (a PostgreSQL server without BACKUP_DIR: every instance serves them). */
export function backupStoreNoBanco(db: Database): BackupStore {
  return {
    tipo: 'banco',
    async salvar(ownerId, dia, arquivoGz, bytes) {
      const conteudo = await readFile(arquivoGz);
      await withSeller(db, ownerId, async (tx: Tx) => {
        await tx
          .insert(backupsAutomaticos)
          .values({ ownerId, dia, conteudo, tamanho: bytes })
          .onConflictDoUpdate({ target: [backupsAutomaticos.ownerId, backupsAutomaticos.dia], set: { conteudo, tamanho: bytes, criadoEm: sql`now()` } });
        const manter = await tx
          .select({ dia: backupsAutomaticos.dia })
          .from(backupsAutomaticos)
          .where(eq(backupsAutomaticos.ownerId, ownerId))
          .orderBy(desc(backupsAutomaticos.dia))
          .limit(BACKUPS_AUTOMATICOS_MANTIDOS);
        await tx.delete(backupsAutomaticos).where(
          and(
            eq(backupsAutomaticos.ownerId, ownerId),
            notInArray(
              backupsAutomaticos.dia,
              manter.map((m) => m.dia),
            ),
          ),
        );
      });
    },
    async listar(tx, ownerId) {
      const rows = await tx
        .select({ dia: backupsAutomaticos.dia, tamanho: backupsAutomaticos.tamanho, criadoEm: backupsAutomaticos.criadoEm })
        .from(backupsAutomaticos)
        .where(eq(backupsAutomaticos.ownerId, ownerId))
        .orderBy(desc(backupsAutomaticos.dia));
      return rows.map((r) => ({ dia: r.dia, tamanho: r.tamanho, criadoEm: r.criadoEm.toISOString() }));
    },
    async abrir(tx, ownerId, dia) {
      const [row] = await tx
        .select({ conteudo: backupsAutomaticos.conteudo, tamanho: backupsAutomaticos.tamanho })
        .from(backupsAutomaticos)
        .where(and(eq(backupsAutomaticos.ownerId, ownerId), eq(backupsAutomaticos.dia, dia)));
      if (!row) return null;
      return { gz: Readable.from([row.conteudo]), bytesGz: row.conteudo.length, bytes: row.tamanho };
    },
  };
}

/** Sellers with "Backup automático" on get one backup a day (from 01:00 in the shop's time zone). */
export function backupAutomaticoJob(store: BackupStore): JobDefinition {
  return {
    name: 'backup-automatico',
    scope: 'seller',
    schedule: { kind: 'daily', fromHour: 1 },
    eligible: sql`p.backup_automatico`,
    leaseMinutes: 30,
    async run(ctx) {
      const arquivo = await exportarParaArquivo(ctx.db, ctx.ownerId!, ctx.now);
      try {
        await store.salvar(ctx.ownerId!, ctx.periodo, arquivo.caminho, arquivo.bytes);
      } finally {
        await arquivo.descartar();
      }
    },
  };
}

/** Configurações › Sistema: the backups kept, newest first, and whether the switch is on. */
export async function listarAutomaticos(tx: Executor, ownerId: string, store: BackupStore): Promise<BackupsAutomaticos> {
  const [perfil] = await tx.select({ ativo: perfis.backupAutomatico }).from(perfis).where(eq(perfis.ownerId, ownerId));
  return { itens: await store.listar(tx, ownerId), ativo: perfil?.ativo ?? false };
}
