/** The photo's side, in pixels: the header shows it at 36 px, Configurações at 64 px. */
const LADO = 128;

/**
 * Shrinks a photo the seller picked to a 128 × 128 square (centre crop) and encodes it as a small
 * data: URL — WebP where the browser writes it, JPEG otherwise. Typically 5–15 KB.
 */
export async function reduzirFoto(file: File): Promise<string> {
  if (!/^image\/(png|jpeg|webp)$/.test(file.type)) throw new Error(`not an accepted image: ${file.type}`);
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = LADO;
    canvas.height = LADO;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, LADO, LADO);
    const webp = canvas.toDataURL('image/webp', 0.85);
    return webp.startsWith('data:image/webp') ? webp : canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
}
