/**
 * Secondary text of the host's screens: antd's secondary grey (45 % black) reaches only about
 * 3:1; this one keeps 5.3:1 or more on every background the host uses (white, the sidebar's,
 * the page greys, the active menu green).
 */
export const MUTED_TEXT = '#5b6560';
