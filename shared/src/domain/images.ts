/**
 * Which image a file is, by its first bytes (spec §5: JPEG, JPG or PNG). A file's name or
 * declared type proves nothing; the server and the browser both check the content this way.
 */
const SIGNATURES = [
  { contentType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { contentType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;

export type ImageContentType = (typeof SIGNATURES)[number]['contentType'];

/** How many leading bytes `imageType` needs. */
export const IMAGE_SIGNATURE_LENGTH = 8;

export function imageType(content: Uint8Array): ImageContentType | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => content[index] === byte));
  return match?.contentType ?? null;
}

/** The largest width or height a picture may have: a small file must not unpack into a huge bitmap. */
export const MAX_IMAGE_SIDE = 10_000;

/**
 * The most pixels a picture may have, in megapixels. A browser decodes a picture into 4 bytes
 * a pixel however small it is shown (≤ 200 px here): 10 000 × 10 000 cost it 400 MB, 60 MP at
 * most 240 MB. 60 MP still takes a phone's full-resolution photo (48 MP: 8064 × 6048; 50 MP:
 * 8192 × 6144) and the 45–50 MP of most cameras.
 */
export const MAX_IMAGE_MEGAPIXELS = 60;
export const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

export interface ImageInfo {
  contentType: ImageContentType;
  width: number;
  height: number;
  /** PNG only: its image data (the IDAT chunks' data, in order) and the exact length it inflates to. */
  pngData?: PngData;
}

export interface PngData {
  chunks: Uint8Array[];
  /** What the header implies: each row's bytes plus its filter byte, over the seven passes if interlaced. */
  inflatedLength: number;
}

/** More pixels than `MAX_IMAGE_PIXELS`, by the dimensions its header declares (400 image_dimensions). */
export const tooManyPixels = ({ width, height }: Pick<ImageInfo, 'width' | 'height'>): boolean =>
  width * height > MAX_IMAGE_PIXELS;

/**
 * The whole file checked, not only its first bytes: a PNG or a JPEG from its signature to its
 * last byte, with sides of 1 to MAX_IMAGE_SIDE, or null. A file that starts like an image and
 * goes on with HTML, SVG or anything else is refused. The structure is checked, the pixels are
 * not decoded; the total pixels are `tooManyPixels`'s, and whether a PNG's data inflates to
 * `pngData.inflatedLength` is the server's check (it takes node:zlib).
 */
export function imageInfo(content: Uint8Array): ImageInfo | null {
  const contentType = imageType(content);
  const png = contentType === 'image/png' ? readPng(content) : null;
  const size = png ?? (contentType === 'image/jpeg' ? jpegSize(content) : null);
  if (!contentType || !size) return null;
  const { width, height } = size;
  const sane = (side: number) => Number.isInteger(side) && side >= 1 && side <= MAX_IMAGE_SIDE;
  if (!sane(width) || !sane(height)) return null;
  return png ? { contentType, width, height, pngData: png.data } : { contentType, width, height };
}

interface Size {
  width: number;
  height: number;
}

const uint32 = (bytes: Uint8Array, at: number): number =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const uint16 = (bytes: Uint8Array, at: number): number => (bytes[at]! << 8) | bytes[at + 1]!;

let crcTable: Uint32Array | undefined;

/** The CRC-32 of PNG chunks (ISO 3309), over `bytes[start, end)`. */
function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let index = start; index < end; index += 1) crc = crcTable[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Bit depths each PNG colour type allows. */
const PNG_DEPTHS = new Map<number, readonly number[]>([
  [0, [1, 2, 4, 8, 16]],
  [2, [8, 16]],
  [3, [1, 2, 4, 8]],
  [4, [8, 16]],
  [6, [8, 16]],
]);

/** Channels of each PNG colour type: grey, RGB, palette index, grey + alpha, RGBA. */
const PNG_CHANNELS = new Map<number, number>([
  [0, 1],
  [2, 3],
  [3, 1],
  [4, 2],
  [6, 4],
]);

/** Adam7's seven passes: the first column and row of each, and its steps across and down. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The length of a PNG's inflated image data: each row's bytes and its filter byte, in each pass. */
function pngInflatedLength(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  return passes.reduce((total, [x, y, stepX, stepY]) => {
    const columns = Math.ceil((width - x) / stepX);
    const rows = Math.ceil((height - y) / stepY);
    // A pass with no column or no row has no rows at all, not even filter bytes.
    return columns > 0 && rows > 0 ? total + rows * (Math.ceil((columns * bitsPerPixel) / 8) + 1) : total;
  }, 0);
}

/**
 * PNG: the signature, then chunks (length, four-letter type, data, CRC) each whole and with
 * its right CRC: IHDR first with a valid header, at least one IDAT, IEND last and nothing after.
 */
function readPng(bytes: Uint8Array): (Size & { data: PngData }) | null {
  let offset = 8;
  let size: Size | null = null;
  let inflatedLength = 0;
  const chunks: Uint8Array[] = [];
  while (offset + 12 <= bytes.length) {
    const length = uint32(bytes, offset);
    const dataStart = offset + 8;
    const dataEnd = dataStart + length;
    if (length > 0x7fffffff || dataEnd + 4 > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(offset + 4, dataStart));
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    if (crc32(bytes, offset + 4, dataEnd) !== uint32(bytes, dataEnd)) return null;
    if (offset === 8) {
      if (type !== 'IHDR' || length !== 13) return null;
      const depth = bytes[dataStart + 8]!;
      const colour = bytes[dataStart + 9]!;
      const [compression, filter, interlace] = [bytes[dataStart + 10], bytes[dataStart + 11], bytes[dataStart + 12]];
      if (!PNG_DEPTHS.get(colour)?.includes(depth) || compression !== 0 || filter !== 0 || interlace! > 1) return null;
      size = { width: uint32(bytes, dataStart), height: uint32(bytes, dataStart + 4) };
      const bitsPerPixel = depth * PNG_CHANNELS.get(colour)!;
      inflatedLength = pngInflatedLength(size.width, size.height, bitsPerPixel, interlace === 1);
    } else if (type === 'IHDR') return null;
    if (type === 'IDAT') chunks.push(bytes.subarray(dataStart, dataEnd));
    offset = dataEnd + 4;
    if (type === 'IEND') {
      const whole = length === 0 && offset === bytes.length && chunks.length > 0;
      return whole && size ? { ...size, data: { chunks, inflatedLength } } : null;
    }
  }
  return null;
}

/** JPEG markers that stand alone, without a length: TEM and RST0–RST7. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** Start-of-frame markers (C0–CF but DHT C4, JPG C8 and DAC CC): they hold the dimensions. */
const startOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * JPEG: SOI, then segments, each a marker and a length that fits the file; a frame header
 * (SOF) with its dimensions before the first scan; after each scan its entropy-coded data
 * (0xFF only as FF00 or a restart marker) up to the next marker; EOI last and nothing after.
 */
function jpegSize(bytes: Uint8Array): Size | null {
  let offset = 2;
  let size: Size | null = null;
  let scanned = false;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    // Any number of fill bytes (0xFF) may come before a marker.
    while (bytes[offset] === 0xff) offset += 1;
    if (offset >= bytes.length) return null;
    const marker = bytes[offset]!;
    offset += 1;
    if (marker === 0xd9) return offset === bytes.length && scanned && size ? size : null;
    if (marker === 0x00 || marker === 0xd8) return null;
    if (standalone(marker)) continue;
    if (offset + 2 > bytes.length) return null;
    const length = uint16(bytes, offset);
    if (length < 2 || offset + length > bytes.length) return null;
    if (startOfFrame(marker)) {
      if (size || length < 8) return null;
      size = { height: uint16(bytes, offset + 3), width: uint16(bytes, offset + 5) };
    }
    offset += length;
    if (marker === 0xda) {
      if (!size) return null;
      scanned = true;
      // Entropy-coded data: runs until a 0xFF that is neither stuffing (FF00) nor a restart marker.
      while (offset < bytes.length) {
        if (bytes[offset] === 0xff) {
          const next = bytes[offset + 1];
          if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) offset += 2;
          else if (next === 0xff) offset += 1;
          else break;
        } else offset += 1;
      }
    }
  }
  return null;
}

/** The limit in bytes of a maximum given in MB (the setting's unit). */
export const imageLimitBytes = (maxImageMb: number): number => Math.floor(maxImageMb * 1024 * 1024);
