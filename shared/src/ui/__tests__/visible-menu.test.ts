import type { ModuleMenuEntry } from '@canteiro/shared/core';
import { visibleMenu } from '../visible-menu';

describe('the sidebar menu (spec §2)', () => {
  const menu: ModuleMenuEntry[] = [
    { to: '', labelKey: 'start' },
    { to: 'base', labelKey: 'base', permission: 'base' },
    { to: 'occurrence', labelKey: 'occurrence', permission: 'admin' },
    { to: 'user', labelKey: 'user' },
  ];
  const targets = (level: string | null) => visibleMenu(menu, level).map((entry) => entry.to);

  it('hides entries the user does not pass and keeps those without a permission', () => {
    expect(targets('contract')).toEqual(['', 'user']);
    expect(targets('base')).toEqual(['', 'base', 'user']);
    expect(targets('admin')).toEqual(['', 'base', 'occurrence', 'user']);
  });
  it('hides every entry with a permission while the user is not loaded', () => {
    expect(targets(null)).toEqual(['', 'user']);
  });
});
