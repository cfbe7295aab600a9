import type { SessionUser } from '@canteiro/shared/domain';
import { avatarInitial, avatarTextColor, randomAvatarColor } from './user-display';
import { useAuthorizedImage } from '@canteiro/shared/ui';

// One random colour per e-mail for the life of the page, so the avatar does not flicker.
const colours = new Map<string, string>();
function colourFor(email: string): string {
  let colour = colours.get(email);
  if (!colour) {
    colour = randomAvatarColor();
    colours.set(email, colour);
  }
  return colour;
}

/** The profile picture if any; otherwise the e-mail's initial on a random colour. */
export function Avatar({ user, size = 36 }: { user: SessionUser; size?: number }) {
  const picture = useAuthorizedImage(user.profile_picture);
  if (picture) {
    return (
      <img
        src={picture}
        alt=""
        width={size}
        height={size}
        style={{ borderRadius: '50%', objectFit: 'cover', display: 'block' }}
      />
    );
  }
  const background = colourFor(user.email);
  return (
    <span
      data-testid="avatar-initial"
      style={{
        width: size,
        height: size,
        borderRadius: '50%',
        background,
        color: avatarTextColor(background),
        display: 'grid',
        placeItems: 'center',
        fontWeight: 700,
        fontSize: size * 0.44,
      }}
    >
      {avatarInitial(user.email)}
    </span>
  );
}
