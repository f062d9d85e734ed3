import { vi } from 'vitest';

/** The text of every CSV the page handed to the browser as a download. */
export function captureDownloads() {
  const files: Array<{ name: string; text: Promise<string> }> = [];
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs[Number(this.href.split('/').pop()) - 1]!;
    // Blob.text() decodes and drops the byte-order mark; the bytes are what Excel reads.
    files.push({ name: this.download, text: blob.arrayBuffer().then((b) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b)) });
  });
  return files;
}
