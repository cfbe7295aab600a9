import { i18n } from '@canteiro/shared/core';
import { SURVEY_RATING } from '@canteiro/shared/domain';
import type { SurveyItem } from '@canteiro/shared/domain';
import { registerKitTranslations } from '@canteiro/shared/ui';
import { surveyResource } from '../features/resources/people';

/** A survey's ratings are read on their scale (1 to 5), never as bare numbers. */
beforeAll(() => registerKitTranslations());
afterEach(() => i18n.changeLanguage('pt-BR'));

const survey = { id: 1, experience: 4, usability: 2, resources: 5 } as SurveyItem;
const cell = (key: string) => surveyResource.columns.find((column) => column.key === key)!.render!(survey, i18n.t);

test('shows each rating with its scale', () => {
  expect(SURVEY_RATING.max).toBe(5);
  expect([cell('experience'), cell('usability'), cell('resources')]).toEqual(['4/5', '2/5', '5/5']);
});

test('sorts by the ratings and the date, newest first by default', () => {
  expect(surveyResource.defaultSort).toEqual({ key: 'reportTime', order: 'desc' });
  expect(surveyResource.columns.map((column) => column.sortKey)).toEqual([
    'userName',
    'reportTime',
    'experience',
    'usability',
    'resources',
    undefined,
  ]);
});
