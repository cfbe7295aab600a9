import { emptyValues, keyPaths } from '../../../shared/test/same-keys';
import { enUS } from '../i18n/en-US';
import { ptBR } from '../i18n/pt-BR';

describe('the host namespace', () => {
  it('has the same keys in pt-BR and en-US', () => {
    expect(keyPaths(enUS)).toEqual(keyPaths(ptBR));
  });
  it('has no empty text', () => {
    expect(emptyValues(ptBR)).toEqual([]);
    expect(emptyValues(enUS)).toEqual([]);
  });
});
