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

/** The status tags of the lists: text and background at 4.5:1 or more (antd's green and orange tags are not). */
export const statusColors = {
  active: { color: '#1b5e20', background: '#e6f4e7', border: '#a5d6a7' },
  inactive: { color: '#1f2328', background: '#f0f1f2', border: '#d0d7de' },
  inactiveByParent: { color: '#8a4b00', background: '#fff4e0', border: '#f0c27a' },
} as const;
