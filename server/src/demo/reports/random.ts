/**
 * Seeded randomness for the report generator: sfc32 (fast, 128-bit state, passes PractRand
 * far beyond what the demo draws), seeded through a string hash so that each (seed,
 * contract, day) gets its own stream. Streams per day make a day's rows independent of how
 * many days or contracts are generated before it, so the demo and the scale command give
 * the same rows for the same day, whatever their chunking. Never Math.random.
 */

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform 32-bit unsigned integer. */
  uint32(): number;
}

/** cyrb128: a 128-bit hash of a string, the four words that seed sfc32. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1_779_033_703;
  let h2 = 3_144_134_277;
  let h3 = 1_013_904_242;
  let h4 = 2_773_480_762;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597_399_067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2_869_860_233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951_274_213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2_716_044_179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597_399_067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2_869_860_233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951_274_213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2_716_044_179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** The stream named by `parts` (e.g. seed, contract id, day). */
export function randomStream(...parts: readonly (string | number)[]): Random {
  let [a, b, c, d] = hash128(parts.join('\u001f'));
  const uint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // The first outputs still show the seed's structure: discard a few.
  for (let index = 0; index < 12; index += 1) uint32();
  return { uint32, next: () => uint32() / 4_294_967_296 };
}

/** Integer in [low, high]. */
export const between = (random: Random, low: number, high: number): number =>
  low + Math.floor(random.next() * (high - low + 1));

/** Knuth's multiplication method: fine for the small means the demo uses. */
export function poisson(random: Random, mean: number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random.next();
  while (product > limit) {
    count += 1;
    product *= random.next();
  }
  return count;
}

/** Standard normal (Box–Muller; one value per call, the partner is dropped for simplicity). */
export function normal(random: Random): number {
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Lognormal whose mean is `mean`: ln X ~ N(ln mean − σ²/2, σ). */
export const lognormalAroundMean = (random: Random, mean: number, sigma: number): number =>
  mean * Math.exp(sigma * normal(random) - (sigma * sigma) / 2);

/** Index drawn by weight (weights need not sum to 1). */
export function weightedIndex(random: Random, weights: readonly number[], total?: number): number {
  let draw = random.next() * (total ?? weights.reduce((sum, weight) => sum + weight, 0));
  for (let index = 0; index < weights.length; index += 1) {
    draw -= weights[index]!;
    if (draw < 0) return index;
  }
  return weights.length - 1;
}

/** `count` distinct indexes of [0, size), in increasing order. */
export function sampleIndexes(random: Random, size: number, count: number): number[] {
  const all = Array.from({ length: size }, (_, index) => index);
  const take = Math.min(size, Math.max(0, count));
  for (let index = 0; index < take; index += 1) {
    const other = index + Math.floor(random.next() * (size - index));
    [all[index], all[other]] = [all[other]!, all[index]!];
  }
  return all.slice(0, take).sort((left, right) => left - right);
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const hex32 = (word: number): string =>
  HEX[word >>> 24]! + HEX[(word >>> 16) & 255]! + HEX[(word >>> 8) & 255]! + HEX[word & 255]!;

/**
 * A UUID shaped like version 7 (RFC 9562): the first 48 bits are `millis`, the rest drawn
 * from `random`. Time-ordered ids keep the primary key's B-tree append-mostly when rows are
 * loaded in time order (docs/demo-data.md has the measurement); `version4` gives fully
 * random ones for comparison.
 */
export function uuidV7(random: Random, millis: number): string {
  const high = Math.floor(millis / 65_536) >>> 0;
  const low = millis % 65_536;
  const a = random.uint32();
  const b = random.uint32();
  const c = random.uint32();
  const time = hex32(high);
  const mid = HEX[low >>> 8]! + HEX[low & 255]!;
  const versioned = (0x7000 | (a >>> 20)).toString(16);
  const variant = ((0x8000 | (a & 0x3fff)) >>> 0).toString(16);
  const tail = hex32(b) + hex32(c).slice(0, 4);
  return `${time}-${mid}-${versioned}-${variant}-${tail}`;
}

/** A version-4 UUID from `random`. */
export function uuidV4(random: Random): string {
  const a = random.uint32();
  const b = random.uint32();
  const c = random.uint32();
  const d = random.uint32();
  const version = (0x4000 | (b & 0x0fff)).toString(16);
  const variant = (0x8000 | (c & 0x3fff)).toString(16);
  return `${hex32(a)}-${HEX[b >>> 24]! + HEX[(b >>> 16) & 255]!}-${version}-${variant}-${hex32(d)}${HEX[c >>> 24]! + HEX[(c >>> 16) & 255]!}`;
}
