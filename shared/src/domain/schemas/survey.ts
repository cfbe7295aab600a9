import * as v from 'valibot';
import { SURVEY_RATING } from '../lists.js';
import { requiredValue } from './organisation.js';

/** Longest free-text suggestion of a survey answer. */
export const SUGGESTIONS_MAX = 2000;

const rating = v.pipe(
  requiredValue,
  v.number('invalid_value'),
  v.integer('invalid_value'),
  v.minValue(SURVEY_RATING.min, 'invalid_value'),
  v.maxValue(SURVEY_RATING.max, 'invalid_value'),
);

/** What the mobile app sends when a reporter answers the survey (POST /api/mobile/surveys). */
export const surveySubmissionSchema = v.object({
  experience: rating,
  usability: rating,
  resources: rating,
  suggestions: v.pipe(
    v.nullish(v.pipe(v.string('invalid_value'), v.trim(), v.maxLength(SUGGESTIONS_MAX, 'too_long'))),
    v.transform((value) => value || null),
  ),
});
export type SurveySubmissionInput = v.InferOutput<typeof surveySubmissionSchema>;
