import { contrastRatio as contrast } from '@canteiro/shared/core';
import {
  AVATAR_PALETTE,
  avatarColor,
  avatarInitial,
  avatarTextColor,
  brightness,
  displayName,
} from '../../../components/user-display';

describe('the user block (spec §2)', () => {
  it('shows the first name, cut at 18 characters with an ellipsis', () => {
    expect(displayName({ first_name: 'Ana', username: 'ana' })).toBe('Ana');
    expect(displayName({ first_name: 'Maria Aparecida dos Santos', username: 'maria' })).toBe('Maria Aparecida do...');
    expect(displayName({ first_name: '123456789012345678', username: 'x' })).toBe('123456789012345678');
  });
  it('falls back to the username, cut at 15, when there is no first name', () => {
    expect(displayName({ first_name: null, username: 'joao.carpinteiro.silva' })).toBe('joao.carpinteir...');
    expect(displayName({ first_name: '  ', username: 'joao' })).toBe('joao');
  });
  it("uses the upper-case first letter of the e-mail as the avatar's letter", () => {
    expect(avatarInitial('bruno@canteiro.test')).toBe('B');
  });
  it('writes black on a background brighter than 140, white otherwise', () => {
    expect(brightness('#ffffff')).toBe(255);
    expect(avatarTextColor('#ffffff')).toBe('#000000');
    expect(avatarTextColor('#000000')).toBe('#ffffff');
    // (140*299 + 140*587 + 140*114) / 1000 = 140: not above the threshold, so white.
    expect(avatarTextColor('#8c8c8c')).toBe('#ffffff');
    expect(avatarTextColor('#8d8d8d')).toBe('#000000');
  });
  it('gives each user one colour, the same on every reload, from the e-mail', () => {
    const random = jest.spyOn(Math, 'random');
    expect(avatarColor('ana@canteiro.test')).toBe(avatarColor('ana@canteiro.test'));
    expect(avatarColor(' Ana@Canteiro.test ')).toBe(avatarColor('ana@canteiro.test'));
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
    // Different people get different colours, spread over the palette.
    const colours = new Set(Array.from({ length: 200 }, (_, index) => avatarColor(`person${index}@canteiro.test`)));
    expect(colours.size).toBe(AVATAR_PALETTE.length);
  });
  it("keeps the letter readable: every colour with the spec's text colour reaches 4.5:1", () => {
    for (const colour of AVATAR_PALETTE) {
      expect(contrast(colour, avatarTextColor(colour))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
