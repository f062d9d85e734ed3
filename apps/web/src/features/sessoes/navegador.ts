/**
 * A device in plain words from its browser's user agent ("Chrome no Android", "Safari no iPhone"):
 * only the browser and the system a shop's people would recognise, never versions. The order of
 * the tests matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome says "Safari".
 */
export interface Dispositivo {
  navegador: string | null;
  sistema: string | null;
}

const NAVEGADORES: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SISTEMAS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const primeiro = (lista: ReadonlyArray<[RegExp, string]>, texto: string) => lista.find(([re]) => re.test(texto))?.[1] ?? null;

export function lerDispositivo(userAgent: string | null): Dispositivo {
  if (!userAgent) return { navegador: null, sistema: null };
  return { navegador: primeiro(NAVEGADORES, userAgent), sistema: primeiro(SISTEMAS, userAgent) };
}
