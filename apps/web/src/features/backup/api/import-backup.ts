import { BACKUP_INICIO, type BackupEvento, type BackupRelatorio, type BackupResumo } from '@caderneta/shared';
import { ApiError } from '@/lib/api-client';

/** The file as it travels: gzip-compressed where the browser can (a tenth of the size), else as is. */
export interface Envio {
  body: Blob;
  gzip: boolean;
}

/** Whether the file starts like a Caderneta backup (checked before sending a big file that is not). */
export async function pareceBackup(file: Blob): Promise<boolean> {
  const head = (await file.slice(0, 200).text()).replace(/^\uFEFF/, '').replace(/\s+/g, '');
  return head.startsWith(BACKUP_INICIO);
}

export async function prepararEnvio(file: Blob): Promise<Envio> {
  if (typeof CompressionStream === 'undefined') return { body: file, gzip: false };
  try {
    const body = await new Response(file.stream().pipeThrough(new CompressionStream('gzip'))).blob();
    return { body, gzip: true };
  } catch (error) {
    console.error('Could not compress the backup; sending it as is', error);
    return { body: file, gzip: false };
  }
}

interface Options {
  /** Upload progress, 0–1. */
  onUpload?: (fraction: number) => void;
  /** The answer so far, as it arrives. */
  onText?: (text: string) => void;
}

/** A POST of the file with XMLHttpRequest: fetch cannot report upload progress. */
function post(url: string, envio: Envio, { onUpload, onText }: Options): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    if (envio.gzip) xhr.setRequestHeader('Content-Encoding', 'gzip');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUpload?.(event.loaded / event.total);
    };
    xhr.onprogress = () => onText?.(xhr.responseText);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, { code: 'NETWORK', message: 'network error' }));
    xhr.send(envio.body);
  });
}

function erroDe(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { code?: string; message?: string; details?: Record<string, unknown> };
    return new ApiError(status, { code: body.code ?? 'INTERNAL', message: body.message ?? '', details: body.details });
  } catch {
    return new ApiError(status, { code: status === 413 ? 'VALIDATION' : 'INTERNAL', message: '' });
  }
}

/** "Importar Dados", step 1: the server checks the whole file and says what it holds. */
export async function validateBackup(envio: Envio, onUpload: (fraction: number) => void): Promise<BackupResumo> {
  const { status, text } = await post('/api/backup/validar', envio, { onUpload });
  if (status !== 200) throw erroDe(status, text);
  return JSON.parse(text) as BackupResumo;
}

/**
 * Step 2: the restore, in one transaction. The answer streams one JSON per line: progress, then
 * the report — or the error that undid everything.
 */
export async function restoreBackup(envio: Envio, onEvento: (evento: BackupEvento) => void, onUpload: (fraction: number) => void): Promise<BackupRelatorio> {
  let lidos = 0;
  let ultimo: BackupEvento | null = null;
  const ler = (text: string) => {
    const linhas = text.split('\n');
    // The last piece may be a line still arriving.
    for (let i = lidos; i < linhas.length - 1; i++) {
      const linha = linhas[i]!.trim();
      if (!linha) continue;
      ultimo = JSON.parse(linha) as BackupEvento;
      onEvento(ultimo);
    }
    lidos = Math.max(lidos, linhas.length - 1);
  };
  const { status, text } = await post('/api/backup/restaurar', envio, { onUpload, onText: ler });
  if (status !== 200) throw erroDe(status, text);
  ler(`${text}\n`);
  const fim = ultimo as BackupEvento | null;
  if (fim?.tipo === 'concluido') return fim.relatorio;
  if (fim?.tipo === 'erro') throw new ApiError(500, { code: fim.code, message: fim.message });
  throw new ApiError(0, { code: 'NETWORK', message: 'restore answer ended early' });
}
