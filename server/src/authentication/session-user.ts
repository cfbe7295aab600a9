import { PROFILE_LABELS } from '@canteiro/shared/domain';
import type { Profile, SessionChannel, SessionUser } from '@canteiro/shared/domain';
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

/** Who is calling, as the scoping rules need it (ARCHITECTURE.md §5). */
export interface AuthenticatedUser {
  id: number;
  profile: Profile;
  baseId: number | null;
  workId: number | null;
  contractId: number | null;
  /** Still on the temporary password an administrator gave: only the password change is open. */
  firstAccess: boolean;
  /** Where the session was opened: `mobile` opens /api/mobile/* only, `web` everything else. */
  channel: SessionChannel;
}
