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

/** A random background colour for the avatar. */
export function randomAvatarColor(random: () => number = Math.random): string {
  const channel = () =>
    Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0');
  return `#${channel()}${channel()}${channel()}`;
}
