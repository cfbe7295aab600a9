import { DATE_PRESETS, datePresetOf, presetDays } from '../date-presets';

describe('relative periods', () => {
  it('resolve against the day they are read on', () => {
    // Friday 2026-11-27.
    expect(Object.fromEntries(DATE_PRESETS.map((preset) => [preset, presetDays(preset, '2026-11-27')]))).toEqual({
      today: { from: '2026-11-27', to: '2026-11-27' },
      'this-week': { from: '2026-11-23', to: '2026-11-29' },
      'last-4-weeks': { from: '2026-10-31', to: '2026-11-27' },
      'this-month': { from: '2026-11-01', to: '2026-11-30' },
      'last-3-months': { from: '2026-08-28', to: '2026-11-27' },
    });
    // The same link a month later is a month later.
    expect(presetDays('last-4-weeks', '2026-12-27')).toEqual({ from: '2026-11-30', to: '2026-12-27' });
  });

  it('cross years, leap days and short months', () => {
    expect(presetDays('this-week', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(presetDays('this-month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetDays('last-3-months', '2027-02-15')).toEqual({ from: '2026-11-16', to: '2027-02-15' });
    // 31 May: 31 February does not exist, its last day stands in.
    expect(presetDays('last-3-months', '2026-05-31')).toEqual({ from: '2026-03-01', to: '2026-05-31' });
  });

  it('reads only its own names', () => {
    expect(datePresetOf('last-4-weeks')).toBe('last-4-weeks');
    for (const value of ['__proto__', 'toString', 'Last-4-weeks', '', null, undefined])
      expect(datePresetOf(value)).toBeNull();
  });
});
