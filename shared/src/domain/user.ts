import type { Profile } from './permission.js';

/** The signed-in user as the spec names its fields (spec §3), stored under `user`. */
export interface SessionUser {
  id: number;
  email: string;
  username: string;
  first_name?: string | null;
  profile_picture?: string | null;
  permission_set: {
    value: Profile;
    label: string;
    first_access?: boolean;
  };
}

export interface LoginResponse {
  token: string;
  user: SessionUser;
  /**
   * A mobile session's trusted-device token: the app keeps it per account and sends it as
   * `device` at its next sign-in (docs/ingestion.md). The browser gets it as a cookie instead.
   */
  device?: string;
}
