import type { Profile, SessionUser } from '@canteiro/shared/domain';
import type { users } from '../db/schema/people.js';

/**
 * Readable names of the profiles, shown as permission_set.label.
 * A domain rule the forms also need: it belongs in @canteiro/shared/domain.
 */
export const PROFILE_LABELS: Record<Profile, string> = {
  admin: 'Administrador',
  base: 'Base',
  work: 'Obra',
  contract: 'Contratada',
  reporter: 'Apontador',
};

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
