import { AVATAR_BRIGHTNESS_THRESHOLD, FIRST_NAME_MAX, USERNAME_MAX } from '@canteiro/shared/domain';
import type { SessionUser } from '@canteiro/shared/domain';

const ELLIPSIS = '...';

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}${ELLIPSIS}` : text;
}

/** The name in the user block: the first name cut at 18, or the username cut at 15. */
export function displayName(user: Pick<SessionUser, 'first_name' | 'username'>): string {
  const firstName = user.first_name?.trim();
  return firstName ? cut(firstName, FIRST_NAME_MAX) : cut(user.username ?? '', USERNAME_MAX);
}

/** The avatar's letter: the upper-case first letter of the e-mail. */
export function avatarInitial(email: string): string {
  return (email.trim()[0] ?? '?').toUpperCase();
}

/** Perceived brightness (0–255) of an `#rrggbb` colour, the W3C formula. */
export function brightness(hex: string): number {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const r = (value >> 16) & 0xff;
  const g = (value >> 8) & 0xff;
  const b = value & 0xff;
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** Black text on a bright background (brightness above 140), white otherwise. */
export function avatarTextColor(background: string): '#000000' | '#ffffff' {
  return brightness(background) > AVATAR_BRIGHTNESS_THRESHOLD ? '#000000' : '#ffffff';
}

/**
 * The avatar's background colours: the spec's "random colour" drawn from a palette in which
 * each colour keeps its text (black above brightness 140, white below) at 4.5:1 or more.
 */
export const AVATAR_PALETTE = [
  '#1b5e20',
  '#0d47a1',
  '#4a148c',
  '#b71c1c',
  '#00695c',
  '#ad1457',
  '#37474f',
  '#5d4037',
  '#a5d6a7',
  '#90caf9',
  '#ce93d8',
  '#ffcc80',
  '#80cbc4',
  '#f48fb1',
  '#b0bec5',
  '#ffab91',
] as const;

/** FNV-1a, 32 bits: a spread-out number from a text, the same on every load. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** The user's avatar colour: picked from the palette by the e-mail, so it is the same on every reload. */
export function avatarColor(email: string): string {
  return AVATAR_PALETTE[hash(email.trim().toLowerCase()) % AVATAR_PALETTE.length]!;
}
