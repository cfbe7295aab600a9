import { commonMessages, errorMessage, listMessages, pickLocale } from '../messages';
import * as lists from '../lists';
import { emptyValues, keyPaths } from '../../../test/same-keys';

describe('the error catalogue', () => {
  it('has the same keys in pt-BR and en-US, none empty', () => {
    expect(keyPaths(commonMessages['en-US'])).toEqual(keyPaths(commonMessages['pt-BR']));
    expect(emptyValues(commonMessages['pt-BR'])).toEqual([]);
    expect(emptyValues(commonMessages['en-US'])).toEqual([]);
  });

  it("keeps the spec's Portuguese wording exactly (spec §5, §8)", () => {
    const pt = commonMessages['pt-BR'];
    expect(pt.errors.invalid_credentials).toBe(
      'Credenciais inválidas ou usuário inativo, por favor verifique os dados e tente novamente.',
    );
    expect(pt.errors.server_error).toBe('Ocorreu um erro no servidor. Por favor, tente novamente mais tarde.');
    expect(pt.errors.reporter_denied).toBe(
      'Seu perfil não tem acesso a essa página. Por favor, entre em contato com o suporte',
    );
    expect(pt.errors.validation_failed).toBe('Por favor, verifique o formulário e tente novamente!');
    expect(pt.validation.passwords_mismatch).toBe('As senhas não coincidem.');
    expect(pt.errors.wrong_current_password.startsWith('A senha atual está incorreta')).toBe(true);
    expect(pt.success.password_changed).toBe('Senha alterada com sucesso!');
  });

  it('gives the message of a code in the asked language, and the server error for an unknown code', () => {
    expect(errorMessage('invalid_credentials', 'en-US')).toMatch(/^Invalid credentials/);
    expect(errorMessage('no_such_code')).toBe(commonMessages['pt-BR'].errors.server_error);
  });

  it('picks a locale from Accept-Language, pt-BR by default', () => {
    expect(pickLocale('en-US,en;q=0.9')).toBe('en-US');
    expect(pickLocale('en')).toBe('en-US');
    expect(pickLocale('pt-BR')).toBe('pt-BR');
    expect(pickLocale('fr-FR')).toBe('pt-BR');
    expect(pickLocale(undefined)).toBe('pt-BR');
  });
});

describe('the list labels', () => {
  it('have the same keys in both languages', () => {
    expect(keyPaths(listMessages['en-US'])).toEqual(keyPaths(listMessages['pt-BR']));
  });
  it('label every stored value of every list', () => {
    const pt = listMessages['pt-BR'];
    expect(Object.keys(pt.state).sort()).toEqual([...lists.BRAZILIAN_STATES].sort());
    expect(Object.keys(pt.classification)).toEqual([...lists.OCCURRENCE_CLASSIFICATIONS]);
    expect(Object.keys(pt.category)).toEqual([...lists.OCCURRENCE_CATEGORIES]);
    expect(Object.keys(pt.reportingPeriod).map(Number)).toEqual([...lists.REPORTING_PERIODS]);
    expect(Object.keys(pt.measureUnit)).toEqual([...lists.MEASURE_UNITS]);
    expect(Object.keys(pt.equipmentClassification)).toEqual([...lists.EQUIPMENT_CLASSIFICATIONS]);
    expect(Object.keys(pt.activityStatus)).toEqual([...lists.ACTIVITY_STATUSES]);
  });
});
