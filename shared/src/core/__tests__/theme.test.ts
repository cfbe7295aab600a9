import { activenessColors, activityStatusColors, contrastRatio as contrast, themeTokens } from '../theme';

describe('the theme: text contrast 4.5:1', () => {
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

describe('the list tags: text contrast 4.5:1', () => {
  it('keep the activeness and the activity status readable on their own background and on white', () => {
    for (const colors of [...Object.values(activenessColors), ...Object.values(activityStatusColors)]) {
      expect(contrast(colors.color, colors.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colors.color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
