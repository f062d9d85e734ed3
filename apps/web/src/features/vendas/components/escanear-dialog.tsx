import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The codes printed on what a shop sells: EAN/UPC on packages, Code 128/39, ITF and Codabar on boxes and labels. */
const FORMATOS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf', 'codabar'];
/** How often a frame is read: often enough to feel instant, rarely enough to spare a phone's battery. */
const INTERVALO_MS = 150;
/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a frame to read. */
const HAVE_CURRENT_DATA = 2;
/** Frames in a row the browser could not read before the dialog says something is wrong. */
const FALHAS_SEGUIDAS = 40;

interface EscanearDialogProps {
  /** A code was read: the camera is off already. */
  onCodigo: (codigo: string) => void;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * "Escanear" (issue 35): the phone's camera, read with the browser's BarcodeDetector (the picker
 * shows the button only where it exists). The first code read goes back to the counter, which
 * treats it as a typed or scanned one. The camera is turned off whenever the dialog goes: a code
 * read, Cancelar, Escape, a tap outside.
 */
export function EscanearDialog({ onCodigo, onClose, onCloseAutoFocus }: EscanearDialogProps) {
  const { t } = useTranslation('vendas');
  const video$ = useRef<HTMLVideoElement>(null);
  const [estado, setEstado] = useState<'abrindo' | 'lendo' | 'erro'>('abrindo');
  const onCodigo$ = useRef(onCodigo);
  useEffect(() => {
    onCodigo$.current = onCodigo;
  });

  useEffect(() => {
    let parado = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    function parar() {
      parado = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    }

    async function abrir() {
      const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector;
      const suportados = (await Detector.getSupportedFormats?.()) ?? FORMATOS;
      const formats = FORMATOS.filter((f) => suportados.includes(f));
      const detector = new Detector(formats.length > 0 ? { formats } : undefined);
      const aberto = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      stream = aberto;
      // Closed while the browser asked for the camera: it is turned off at once.
      if (parado) return parar();
      const video = video$.current!;
      video.srcObject = aberto;
      await video.play();
      setEstado('lendo');
      let falhas = 0;
      const ler = async () => {
        if (parado) return;
        if (video.readyState >= HAVE_CURRENT_DATA) {
          try {
            const codigo = (await detector.detect(video)).map((c) => c.rawValue.trim()).find(Boolean);
            falhas = 0;
            if (codigo && !parado) {
              parar();
              onCodigo$.current(codigo);
              return;
            }
          } catch (error) {
            // One frame the browser could not read is skipped; many in a row are said.
            if (++falhas >= FALHAS_SEGUIDAS) {
              console.warn('BarcodeDetector', error);
              setEstado('erro');
              return parar();
            }
          }
        }
        timer = setTimeout(() => void ler(), INTERVALO_MS);
      };
      void ler();
    }

    abrir().catch((error: unknown) => {
      // No camera, or the person said no: the dialog says so, the search is still there.
      console.warn('Camera', error);
      if (!parado) setEstado('erro');
      parar();
    });
    return parar;
  }, []);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('nova.escanear.title')}</DialogTitle>
          <DialogDescription>{t('nova.escanear.description')}</DialogDescription>
        </DialogHeader>
        <video ref={video$} muted playsInline className="aspect-[4/3] w-full rounded-md bg-black object-cover" aria-hidden="true" />
        <p role="status" className={estado === 'erro' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
          {estado === 'abrindo' ? t('nova.escanear.abrindo') : estado === 'lendo' ? t('nova.escanear.lendo') : t('nova.escanear.erro')}
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('nova.escanear.cancelar')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
