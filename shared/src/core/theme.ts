/** Theme tokens every app feeds to its own antd ConfigProvider, so all modules look alike. */
export const themeTokens = {
  colorPrimary: '#2f7d32',
  colorLink: '#2f7d32',
  colorSuccess: '#3f9142',
  colorError: '#c62828',
  colorWarning: '#d98200',
  colorInfo: '#1f6fb2',
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
