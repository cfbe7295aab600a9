import { useRef } from 'react';
import { Button, Input } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';
import { currentLocale } from '@canteiro/shared/core';
import {
  MAX_DAY_INTERVALS,
  MINUTES_PER_DAY,
  SCHEDULE_WEEKDAYS,
  figureMessages,
  scheduleMinutes,
} from '@canteiro/shared/domain';
import type { WeekdayKey, WorkInterval, WorkSchedule } from '@canteiro/shared/domain';
import { fieldMessage } from '../field-message';

/**
 * A work schedule (a contract's hours per weekday): a row per weekday with its intervals, each
 * a start and an end typed as `HH:MM`, removed by its own button, added by the day's. Every
 * control is a native input or button, so the keyboard goes through it in reading order; each
 * is named by its day and place. Errors are the schema's (or the server's), shown under the
 * day they belong to: `errors` is react-hook-form's tree for the field (`errors['6'][0].end`).
 */

interface Props {
  id: string;
  value: WorkSchedule;
  onChange: (value: WorkSchedule) => void;
  onBlur: () => void;
  errors: unknown;
}

/** A day's row apart from the next, as antd's table rows are. */
const DAY_SEPARATOR = '1px solid #f0f0f0';

type Tree = Record<string, unknown> | undefined;
const child = (tree: unknown, key: string | number): Tree =>
  tree && typeof tree === 'object' ? ((tree as Record<string, unknown>)[key] as Tree) : undefined;
const messageOf = (tree: unknown): string | undefined => {
  const message = child(tree, 'message');
  return typeof message === 'string' ? message : undefined;
};

/** The first code under a day: its own (intervals overlap), else its first interval's. */
function dayCode(tree: unknown, day: WeekdayKey, intervals: number): string | undefined {
  const own = child(tree, day);
  if (messageOf(own)) return messageOf(own);
  for (let index = 0; index < intervals; index += 1) {
    const interval = child(own, index);
    const code = messageOf(interval) ?? messageOf(child(interval, 'start')) ?? messageOf(child(interval, 'end'));
    if (code) return code;
  }
  return undefined;
}

const timeText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new interval: an hour after the day's last one (07:00–12:00 on an empty day). */
function nextInterval(intervals: readonly WorkInterval[]): WorkInterval {
  const last = scheduleMinutes(intervals.at(-1)?.end ?? '');
  if (Number.isNaN(last) || last >= MINUTES_PER_DAY) return { start: '07:00', end: '12:00' };
  return { start: timeText(last), end: timeText(Math.min(MINUTES_PER_DAY, last + 60)) };
}

export function ScheduleInput({ id, value, onChange, onBlur, errors }: Props) {
  const { t } = useTranslation('kit');
  const days = figureMessages[currentLocale()].values.weekday;
  const group = useRef<HTMLDivElement>(null);
  const focus = (selector: string) => setTimeout(() => group.current?.querySelector<HTMLElement>(selector)?.focus(), 0);
  const setDay = (day: WeekdayKey, intervals: WorkInterval[]) => onChange({ ...value, [day]: intervals });
  const setTime = (day: WeekdayKey, index: number, edge: keyof WorkInterval, time: string) =>
    setDay(
      day,
      value[day].map((interval, at) => (at === index ? { ...interval, [edge]: time } : interval)),
    );

  return (
    <div id={id} ref={group} role="group" aria-labelledby={`${id}-label`} style={{ width: '100%' }}>
      {SCHEDULE_WEEKDAYS.map((day) => {
        const intervals = value[day] ?? [];
        const name = days[Number(day) as keyof typeof days];
        const code = dayCode(errors, day, intervals.length);
        const errorId = `${id}-${day}-error`;
        const invalid = (index: number, edge: keyof WorkInterval) =>
          Boolean(
            messageOf(child(child(child(errors, day), index), edge)) ?? messageOf(child(child(errors, day), index)),
          );
        return (
          <div
            key={day}
            role="group"
            aria-label={name}
            data-testid={`schedule-day-${day}`}
            style={{ borderTop: DAY_SEPARATOR, padding: '6px 0' }}
          >
            <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
              <span style={{ width: 72, fontWeight: 500 }}>{name}</span>
              {intervals.length === 0 ? (
                <span style={{ color: themeTokens.colorTextSecondary }}>{t('scheduleNone')}</span>
              ) : null}
              {intervals.map((interval, index) => {
                const place = { day: name, index: index + 1 };
                const time = (edge: keyof WorkInterval) => (
                  <Input
                    data-schedule={`${day}-${index}-${edge}`}
                    aria-label={t(edge === 'start' ? 'scheduleStart' : 'scheduleEnd', place)}
                    aria-invalid={invalid(index, edge) || undefined}
                    aria-describedby={code ? errorId : undefined}
                    status={invalid(index, edge) ? 'error' : undefined}
                    placeholder={t('scheduleTimePlaceholder')}
                    inputMode="numeric"
                    maxLength={5}
                    style={{ width: 66, textAlign: 'center' }}
                    value={interval[edge]}
                    onChange={(event) => setTime(day, index, edge, event.target.value)}
                    onBlur={onBlur}
                  />
                );
                return (
                  <span key={index} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                    {time('start')}
                    <span aria-hidden="true">–</span>
                    {time('end')}
                    <Button
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label={t('scheduleRemove', place)}
                      onClick={() => {
                        setDay(
                          day,
                          intervals.filter((_, at) => at !== index),
                        );
                        focus(`[data-schedule-add="${day}"]`);
                      }}
                    />
                  </span>
                );
              })}
              {intervals.length < MAX_DAY_INTERVALS ? (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  data-schedule-add={day}
                  aria-label={t('scheduleAddTo', { day: name })}
                  onClick={() => {
                    setDay(day, [...intervals, nextInterval(intervals)]);
                    focus(`[data-schedule="${day}-${intervals.length}-start"]`);
                  }}
                >
                  {t('scheduleAdd')}
                </Button>
              ) : null}
            </div>
            {code ? (
              <div
                role="alert"
                id={errorId}
                style={{ color: themeTokens.colorError, fontSize: 13, marginTop: 4, marginLeft: 80 }}
              >
                {fieldMessage(t, code)}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
