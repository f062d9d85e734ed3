/**
 * The seller's DiceBear avatar, drawn on the server (GET /api/me/avatar.svg): the browser gets a
 * small SVG it can cache instead of DiceBear and a style's code (5–30 KB on the wire) to draw it.
 * The style and colours follow from the e-mail, so a seller keeps the same look everywhere.
 *
 * 24 of DiceBear's 31 styles: left out are the heavy ones (adventurer, adventurer-neutral,
 * avataaars, lorelei, notionists, open-peeps: 35–115 KB gzip each, too much for a cheap phone on
 * mobile data, when this was drawn in the browser) and "initials", which would repeat the web's own
 * fallback.
 */
import * as colecao from '@dicebear/collection/async';
import { createAvatar, type Style } from '@dicebear/core';
import { hashString } from '@caderneta/shared';

/** The styles, in a fixed order: a seller's style is picked by the hash of their e-mail, so never reorder it. */
const ESTILOS = [
  ...['avataaarsNeutral', 'bigEars', 'bigEarsNeutral', 'bigSmile', 'bottts', 'botttsNeutral', 'croodles', 'croodlesNeutral'],
  ...['dylan', 'funEmoji', 'glass', 'icons', 'identicon', 'loreleiNeutral', 'micah', 'miniavs', 'notionistsNeutral', 'personas'],
  ...['pixelArt', 'pixelArtNeutral', 'rings', 'shapes', 'thumbs', 'toonHead'],
] as const satisfies readonly (keyof typeof colecao)[];

export const AVATAR_STYLES = ESTILOS.map((nome) => colecao[nome]);

export const AVATAR_COLOR_SETS = [
  ['b6e3f4', 'c0aede', 'd1d4f9'],
  ['ffd5dc', 'ffdfbf', 'fde68a'],
  ['c7f9cc', 'a7f3d0', 'bbf7d0'],
  ['fecaca', 'fed7aa', 'fef3c7'],
  ['ddd6fe', 'e9d5ff', 'fbcfe8'],
  ['bae6fd', '99f6e4', 'd9f99d'],
] as const;

export const AVATAR_SIZE = 64;

/** The SVG of the avatar of the seller with this e-mail. */
export async function avatarSvg(email: string): Promise<string> {
  const seed = email.trim().toLowerCase();
  const hash = hashString(seed);
  const loadStyle = AVATAR_STYLES[hash % AVATAR_STYLES.length]!;
  const colors = AVATAR_COLOR_SETS[Math.floor(hash / AVATAR_STYLES.length) % AVATAR_COLOR_SETS.length]!;
  const style = (await loadStyle()) as unknown as Style<object>;
  return createAvatar(style, {
    seed,
    size: AVATAR_SIZE,
    backgroundColor: [...colors],
  }).toString();
}
