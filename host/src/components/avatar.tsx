import type { SessionUser } from '@canteiro/shared/domain';
import { avatarColor, avatarInitial, avatarTextColor } from './user-display';
import { useAuthorizedImage } from '@canteiro/shared/ui';

/** The profile picture if any; otherwise the e-mail's initial on the user's own colour. */
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
  const background = avatarColor(user.email);
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
