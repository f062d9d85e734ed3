/**
 * DiceBear avatar, generated in the browser (no remote URL). Loaded only through `import()` from
 * user-avatar.tsx, so neither DiceBear's core nor any style reaches the public pages; each style is
 * its own chunk and only the seller's one is downloaded.
 *
 * 24 of DiceBear's 31 styles: left out are the heavy ones (adventurer, adventurer-neutral,
 * avataaars, lorelei, notionists, open-peeps: 35–115 KB gzip each, too much for a cheap phone on
 * mobile data) and "initials", which would repeat our own fallback. The largest kept is ~32 KB.
 */
import {
  avataaarsNeutral,
  bigEars,
  bigEarsNeutral,
  bigSmile,
  bottts,
  botttsNeutral,
  croodles,
  croodlesNeutral,
  dylan,
  funEmoji,
  glass,
  icons,
  identicon,
  loreleiNeutral,
  micah,
  miniavs,
  notionistsNeutral,
  personas,
  pixelArt,
  pixelArtNeutral,
  rings,
  shapes,
  thumbs,
  toonHead,
} from '@dicebear/collection/async';
import { createAvatar, type Style } from '@dicebear/core';
import { hashString } from '@/lib/user-identity';

export const AVATAR_STYLES = [
  avataaarsNeutral,
  bigEars,
  bigEarsNeutral,
  bigSmile,
  bottts,
  botttsNeutral,
  croodles,
  croodlesNeutral,
  dylan,
  funEmoji,
  glass,
  icons,
  identicon,
  loreleiNeutral,
  micah,
  miniavs,
  notionistsNeutral,
  personas,
  pixelArt,
  pixelArtNeutral,
  rings,
  shapes,
  thumbs,
  toonHead,
] as const;

export const AVATAR_COLOR_SETS = [
  ['b6e3f4', 'c0aede', 'd1d4f9'],
  ['ffd5dc', 'ffdfbf', 'fde68a'],
  ['c7f9cc', 'a7f3d0', 'bbf7d0'],
  ['fecaca', 'fed7aa', 'fef3c7'],
  ['ddd6fe', 'e9d5ff', 'fbcfe8'],
  ['bae6fd', '99f6e4', 'd9f99d'],
] as const;

export const AVATAR_SIZE = 64;

export async function createAvatarDataUri(email: string): Promise<string> {
  const seed = email.trim().toLowerCase();
  const hash = hashString(seed);
  const loadStyle = AVATAR_STYLES[hash % AVATAR_STYLES.length]!;
  const colors = AVATAR_COLOR_SETS[Math.floor(hash / AVATAR_STYLES.length) % AVATAR_COLOR_SETS.length]!;
  const style = (await loadStyle()) as unknown as Style<object>;
  return createAvatar(style, {
    seed,
    size: AVATAR_SIZE,
    backgroundColor: [...colors],
  }).toDataUri();
}
