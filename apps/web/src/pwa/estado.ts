import { useSyncExternalStore } from 'react';

/**
 * What the installed-app side of the page knows (issue 36, part 1): a new version waiting, and
 * whether the browser offered to install the app. A tiny store, so the shell's banner and the
 * menu's button read it without the registration code (pwa/registrar.ts, loaded after the page).
 */
export interface EstadoPwa {
  /** A new version is installed and waits for the page to let it take over. */
  novaVersao: boolean;
  /** The browser offered installation (beforeinstallprompt) and it was not used yet. */
  instalavel: boolean;
}

/** The browser's install offer (not in TypeScript's DOM types). */
export interface PedidoDeInstalacao extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let estado: EstadoPwa = { novaVersao: false, instalavel: false };
let atualizarAgora: (() => Promise<void>) | null = null;
let pedido: PedidoDeInstalacao | null = null;
const ouvintes = new Set<() => void>();

function mudar(parte: Partial<EstadoPwa>) {
  estado = { ...estado, ...parte };
  for (const ouvinte of ouvintes) ouvinte();
}

export function usePwa(): EstadoPwa {
  return useSyncExternalStore(
    (ouvinte) => {
      ouvintes.add(ouvinte);
      return () => ouvintes.delete(ouvinte);
    },
    () => estado,
  );
}

/** The registration found a new version; `atualizar` lets it take over and reloads the page. */
export function novaVersaoPronta(atualizar: () => Promise<void>) {
  atualizarAgora = atualizar;
  mudar({ novaVersao: true });
}

export async function atualizarVersao() {
  await atualizarAgora?.();
}

/** The browser's install offer, kept for the menu's "Instalar app". */
export function ofertaDeInstalacao(evento: PedidoDeInstalacao) {
  pedido = evento;
  mudar({ instalavel: true });
}

/** Shows the browser's install dialog; the offer is used up whatever the answer. */
export async function instalarApp(): Promise<boolean> {
  const atual = pedido;
  if (!atual) return false;
  pedido = null;
  mudar({ instalavel: false });
  await atual.prompt();
  return (await atual.userChoice).outcome === 'accepted';
}

/** Installed (from the menu or the browser's own button): nothing left to offer. */
export function appInstalado() {
  pedido = null;
  mudar({ instalavel: false });
}

/** Listens for the browser's install offer from the first moment (it may come before the registration loads). */
export function ouvirInstalacao(janela: Window = window) {
  janela.addEventListener('beforeinstallprompt', (evento) => {
    // The menu offers it instead of the browser's mini bar.
    evento.preventDefault();
    ofertaDeInstalacao(evento as PedidoDeInstalacao);
  });
  janela.addEventListener('appinstalled', appInstalado);
}

/** For tests: back to nothing known. */
export function reiniciarPwa() {
  estado = { novaVersao: false, instalavel: false };
  atualizarAgora = null;
  pedido = null;
  for (const ouvinte of ouvintes) ouvinte();
}
