import { themeTokens } from '../theme';

/** WCAG 2 contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const value = Number.parseInt(hex.slice(1), 16);
    const [r, g, b] = [16, 8, 0].map((shift) => {
      const channel = ((value >> shift) & 0xff) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the theme (issue 8: 4.5:1)', () => {
  it('keeps white text readable on primary and danger buttons at rest, hovered and pressed', () => {
    const { colorPrimary, colorPrimaryHover, colorPrimaryActive, colorError, colorErrorHover, colorErrorActive } =
      themeTokens;
    for (const background of [
      colorPrimary,
      colorPrimaryHover,
      colorPrimaryActive,
      colorError,
      colorErrorHover,
      colorErrorActive,
    ]) {
      expect(contrast(background, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the text tokens readable on white', () => {
    for (const text of [themeTokens.colorText, themeTokens.colorTextSecondary, themeTokens.colorTextPlaceholder]) {
      expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
