import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorMessage } from '@canteiro/shared/domain';
import { fillMessage } from '../src/errors.js';

test('a fractional image limit is written as the language writes numbers, and only own values fill a message', () => {
  assert.equal(
    fillMessage(errorMessage('image_too_large', 'pt-BR'), 'pt-BR', { maxSize: 0.5 }),
    'A imagem deve ter no máximo 0,5 MB.',
  );
  assert.equal(
    fillMessage(errorMessage('image_too_large', 'en-US'), 'en-US', { maxSize: 0.5 }),
    'The image must be at most 0.5 MB.',
  );
  // A name the values do not hold stays as it was, even one every object inherits.
  assert.equal(fillMessage('{{toString}} {{maxSize}}', 'pt-BR', {}), '{{toString}} {{maxSize}}');
});
