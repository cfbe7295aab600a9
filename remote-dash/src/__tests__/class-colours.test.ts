import { CLASS_COLOURS } from '../kit/dashboards/class-colours';

/**
 * The classes' colours are told apart by lightness (CIELAB L*), as anyone sees them and as a
 * person with deuteranopia does (Machado, Oliveira and Fernandes 2009, severity 1, on linear
 * RGB), and each stands out on white at 3:1 (WCAG 1.4.11).
 */
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const rgb = (hex: string) =>
  [1, 3, 5].map((at) => linear(parseInt(hex.slice(at, at + 2), 16))) as [number, number, number];
const luminance = ([r, g, b]: number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
const lightness = (colour: number[]) => {
  const y = luminance(colour);
  const f = y > 216 / 24389 ? Math.cbrt(y) : ((24389 / 27) * y + 16) / 116;
  return 116 * f - 16;
};
const DEUTERANOPIA = [
  [0.367322, 0.860646, -0.227968],
  [0.280085, 0.672501, 0.047413],
  [-0.01182, 0.04294, 0.968881],
];
const deuteranope = (colour: number[]) =>
  DEUTERANOPIA.map((row) =>
    Math.min(1, Math.max(0, row[0]! * colour[0]! + row[1]! * colour[1]! + row[2]! * colour[2]!)),
  );

describe('the class colours', () => {
  const colours = Object.values(CLASS_COLOURS).map(rgb);
  const pairs = colours.flatMap((a, i) => colours.slice(i + 1).map((b) => [a, b] as const));

  it('differ by 15 L* or more, pair by pair', () => {
    for (const [a, b] of pairs) expect(Math.abs(lightness(a) - lightness(b))).toBeGreaterThanOrEqual(15);
  });

  it('still differ by 15 L* or more under deuteranopia', () => {
    for (const [a, b] of pairs)
      expect(Math.abs(lightness(deuteranope(a)) - lightness(deuteranope(b)))).toBeGreaterThanOrEqual(15);
  });

  it('each stand out on white at 3:1 or more', () => {
    for (const colour of colours) expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(3);
  });

  it('the old palette would have failed: green, amber and red were one olive', () => {
    const old = ['#2f7d32', '#b06800', '#c62828'].map(rgb).map(deuteranope).map(lightness);
    expect(Math.max(...old) - Math.min(...old)).toBeLessThan(15);
  });
});
