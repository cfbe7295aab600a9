import { PROFILE_LABELS } from '@canteiro/shared/domain';
import type { Profile, SessionUser } from '@canteiro/shared/domain';
import type { users } from '../db/schema/people.js';

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'username' | 'firstName' | 'profilePicture' | 'profile' | 'firstAccess'
>;

/** The signed-in user with the spec's field names (spec §3). */
export function toSessionUser(user: UserRow): SessionUser {
  const profile = user.profile as Profile;
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    profile_picture: user.profilePicture,
    permission_set: { value: profile, label: PROFILE_LABELS[profile], first_access: user.firstAccess },
  };
}
