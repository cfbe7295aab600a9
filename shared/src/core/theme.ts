/** Theme tokens every app feeds to its own antd ConfigProvider, so all modules look alike. */
export const themeTokens = {
  colorPrimary: '#2f7d32',
  colorLink: '#2f7d32',
  colorSuccess: '#3f9142',
  colorError: '#c62828',
  // antd derives lighter hover and pressed shades, under 4.5:1 with white text: a hovered
  // "Salvar" or "Desativar" would fail contrast (axe caught the confirmation step hovered).
  colorPrimaryHover: '#276a2a',
  colorPrimaryActive: '#1f5622',
  colorErrorHover: '#a51d1d',
  colorErrorActive: '#8e1616',
  colorWarning: '#d98200',
  colorInfo: '#1f6fb2',
  // Text colours at 4.5:1 or more on white (WCAG AA), so placeholders, secondary and
  // description texts (antd's defaults are 0.25–0.45 black) stay readable.
  colorText: '#1f2328',
  colorTextSecondary: '#57606a',
  colorTextDescription: '#57606a',
  colorTextPlaceholder: '#656d76',
  borderRadius: 6,
  fontFamily: "'Noto Sans', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

/** The navigation's active colours (spec §2: green text on a light green background). */
export const navColors = {
  activeText: '#1b5e20',
  activeBackground: '#e6f4e7',
  text: '#2b2f33',
  hoverBackground: '#f1f5f1',
  sidebarBackground: '#fafbfa',
  border: '#e4e8e4',
} as const;

/** The activeness tags of the lists: text and background at 4.5:1 or more (antd's green and orange tags are not). */
export const activenessColors = {
  active: { color: '#1b5e20', background: '#e6f4e7', border: '#a5d6a7' },
  inactive: { color: '#1f2328', background: '#f0f1f2', border: '#d0d7de' },
  inactiveByParent: { color: '#8a4b00', background: '#fff4e0', border: '#f0c27a' },
} as const;

/** An activity's status tags (finished, in term, late): text and background at 4.5:1 or more. */
export const activityStatusColors = {
  finished: { color: '#1b5e20', background: '#e6f4e7', border: '#a5d6a7' },
  in_term: { color: '#0b4f8a', background: '#e6f0fa', border: '#9cc3e6' },
  late: { color: '#a51d1d', background: '#fdecea', border: '#f1a9a0' },
} as const;

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21); the theme's tests hold every pair to 4.5. */
export function contrastRatio(a: string, b: string): number {
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
