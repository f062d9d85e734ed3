import { ApiError } from '@/lib/api-client';

export interface Exportado {
  blob: Blob;
  nome: string;
}

/**
 * "Exportar Dados": downloads the backup file, reporting progress (0–1, or null while the server
 * still prepares it). The server sends it gzip-compressed; `x-backup-bytes` is its real size.
 */
export async function exportBackup(onProgress: (fraction: number | null) => void, signal?: AbortSignal): Promise<Exportado> {
  onProgress(null);
  let response: Response;
  try {
    response = await fetch('/api/backup/exportar', { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, { code: 'NETWORK', message: error instanceof Error ? error.message : '' });
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(response.status, { code: body?.code ?? 'INTERNAL', message: body?.message ?? '' });
  }
  const total = Number(response.headers.get('x-backup-bytes')) || 0;
  const nome = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'caderneta-backup.json';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress(total ? 0 : null);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (total) onProgress(Math.min(1, received / total));
  }
  return { blob: new Blob(chunks as BlobPart[], { type: 'application/json' }), nome };
}

/** Hands a file to the browser's downloads. */
export function salvarArquivo({ blob, nome }: Exportado): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
