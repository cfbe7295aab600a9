import type { SessionUser } from '@canteiro/shared/domain';

/** A contract user as the session holds one (the host's tests sign her in). */
export const contractUser = {
  id: 9,
  email: 'fernanda@canteiro.test',
  username: 'fernanda',
  first_name: 'Fernanda',
  permission_set: { value: 'contract' as const, label: 'Contratada' },
} satisfies SessionUser;
