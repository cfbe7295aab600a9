import * as v from 'valibot';
import {
  DEFAULT_WORK_SCHEDULE,
  referenceDayMinutes,
  scheduledShare,
  workScheduleSchema,
} from '../schemas/work-schedule.js';

/** The share of the goal a day expects (docs/dashboards.md, compliance), worked out by hand. */
describe('the scheduled share of a day', () => {
  it('is the weekday’s scheduled minutes over the longest day’s', () => {
    expect(referenceDayMinutes(DEFAULT_WORK_SCHEDULE)).toBe(540);
    expect(scheduledShare(DEFAULT_WORK_SCHEDULE, 1)).toBe(1);
    expect(scheduledShare(DEFAULT_WORK_SCHEDULE, 6)).toBe(300 / 540);
    expect(scheduledShare(DEFAULT_WORK_SCHEDULE, 7)).toBe(0);
  });

  it('counts only the minutes inside the time window; 23:59 as its end is the end of the day', () => {
    expect(scheduledShare(DEFAULT_WORK_SCHEDULE, 2, { fromTime: '07:00', toTime: '08:55' })).toBe(115 / 540);
    // 11:00–12:00 and 13:00–14:00; the lunch hour is not worked.
    expect(scheduledShare(DEFAULT_WORK_SCHEDULE, 3, { fromTime: '11:00', toTime: '14:00' })).toBe(120 / 540);
    expect(scheduledShare(DEFAULT_WORK_SCHEDULE, 6, { fromTime: '12:00' })).toBe(0);
    const nights = { ...DEFAULT_WORK_SCHEDULE, '5': [{ start: '22:00', end: '24:00' }] };
    expect(scheduledShare(nights, 5, { fromTime: '23:00', toTime: '23:59' })).toBe(60 / 540);
  });

  it('keeps a day’s intervals in order of start; touching intervals do not overlap', () => {
    const day = [
      { start: '13:00', end: '17:00' },
      { start: '07:00', end: '13:00' },
    ];
    const parsed = v.parse(workScheduleSchema, { ...DEFAULT_WORK_SCHEDULE, '1': day });
    expect(parsed['1']).toEqual([day[1], day[0]]);
  });
});
