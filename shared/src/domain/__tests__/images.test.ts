import { crc32 } from 'node:zlib';
import {
  MAX_IMAGE_MEGAPIXELS,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  imageInfo,
  imageLimitBytes,
  imageType,
  tooManyPixels,
} from '../images';

describe('imageType', () => {
  it('knows a JPEG and a PNG by their first bytes', () => {
    expect(imageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(imageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
  });

  it('refuses anything else, including a truncated signature and GIF or text', () => {
    expect(imageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(imageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(imageType(new TextEncoder().encode('not a picture'))).toBeNull();
    expect(imageType(new Uint8Array())).toBeNull();
  });
});

describe('imageLimitBytes', () => {
  it('turns the MB setting into bytes, fractional settings included', () => {
    expect(imageLimitBytes(2)).toBe(2 * 1024 * 1024);
    expect(imageLimitBytes(0.5)).toBe(512 * 1024);
  });
});

const bytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => {
  const result = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  parts.reduce((offset, part) => (result.set(part, offset), offset + part.length), 0);
  return result;
};

/** A real 1×1 PNG (CRCs right) and a real 2×1 JPEG from Chromium's canvas. */
const PNG = bytes(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082',
);
const JPEG = fromBase64(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdAHrB/9k=',
);
const HTML = new TextEncoder().encode('<html><script>alert(1)</script></html>');

describe('imageInfo', () => {
  it('reads the type and the dimensions of a whole PNG and a whole JPEG', () => {
    expect(imageInfo(PNG)).toMatchObject({ contentType: 'image/png', width: 1, height: 1 });
    expect(imageInfo(JPEG)).toEqual({ contentType: 'image/jpeg', width: 2, height: 1 });
  });

  it('refuses a signature followed by anything else, and anything after the end', () => {
    expect(imageInfo(concat(PNG.subarray(0, 8), HTML))).toBeNull();
    expect(imageInfo(concat(JPEG.subarray(0, 20), HTML))).toBeNull();
    expect(imageInfo(concat(PNG, HTML))).toBeNull();
    expect(imageInfo(concat(JPEG, HTML))).toBeNull();
  });

  it('refuses a cut file, a wrong CRC and the old broken fixture (IDAT without its CRC)', () => {
    expect(imageInfo(PNG.subarray(0, PNG.length - 1))).toBeNull();
    expect(imageInfo(JPEG.subarray(0, JPEG.length - 2))).toBeNull();
    const wrongCrc = PNG.slice();
    wrongCrc[30] = 0xff - (wrongCrc[30] ?? 0);
    expect(imageInfo(wrongCrc)).toBeNull();
    expect(
      imageInfo(
        bytes(
          '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
        ),
      ),
    ).toBeNull();
  });

  it(`refuses dimensions of 0 or over ${MAX_IMAGE_SIDE} pixels`, () => {
    const frame = JPEG.findIndex((byte, index) => byte === 0xff && JPEG[index + 1] === 0xc0);
    const zero = JPEG.slice();
    zero.fill(0, frame + 5, frame + 9);
    expect(imageInfo(zero)).toBeNull();
    const wide = JPEG.slice();
    wide.set([0xff, 0xff], frame + 7);
    expect(imageInfo(wide)).toBeNull();
  });
});

/** A PNG chunk: length, type, data and its CRC. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, data.length);
  head.set(new TextEncoder().encode(type), 4);
  const crc = new Uint8Array(4);
  new DataView(crc.buffer).setUint32(0, crc32(concat(head.subarray(4), data)));
  return concat(head, data, crc);
}

/** A PNG with the given header whose IDAT holds `data` (imageInfo reads the structure, never inflates). */
function png(width: number, height: number, { depth = 8, colour = 6, interlace = 0, data = new Uint8Array(4) } = {}) {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([depth, colour, 0, 0, interlace], 8);
  return concat(PNG.subarray(0, 8), chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', new Uint8Array()));
}

/** The JPEG with its frame header (SOF0) declaring another size: its structure stays whole. */
function jpegOf(width: number, height: number): Uint8Array {
  const frame = JPEG.findIndex((byte, index) => byte === 0xff && JPEG[index + 1] === 0xc0);
  const resized = JPEG.slice();
  resized.set([height >> 8, height & 0xff, width >> 8, width & 0xff], frame + 5);
  return resized;
}

describe(`the limit of ${MAX_IMAGE_MEGAPIXELS} megapixels`, () => {
  it('counts the pixels the header declares: a phone photo passes, 10 000 × 10 000 does not', () => {
    expect(MAX_IMAGE_PIXELS).toBe(60_000_000);
    expect(tooManyPixels({ width: 4032, height: 3024 })).toBe(false); // 12 MP
    expect(tooManyPixels({ width: 8064, height: 6048 })).toBe(false); // 48 MP
    expect(tooManyPixels({ width: 8192, height: 6144 })).toBe(false); // 50 MP
    expect(tooManyPixels({ width: 8000, height: 7500 })).toBe(false); // exactly the limit
    expect(tooManyPixels({ width: 8000, height: 7501 })).toBe(true);
    expect(tooManyPixels({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE })).toBe(true);
  });

  it('applies to a PNG from its IHDR and to a JPEG from its frame header, each side within the side limit', () => {
    const png100 = imageInfo(png(10_000, 10_000))!;
    expect(png100).toMatchObject({ width: 10_000, height: 10_000 });
    expect(tooManyPixels(png100)).toBe(true);
    const jpeg100 = imageInfo(jpegOf(10_000, 10_000))!;
    expect(jpeg100).toEqual({ contentType: 'image/jpeg', width: 10_000, height: 10_000 });
    expect(tooManyPixels(jpeg100)).toBe(true);
    expect(tooManyPixels(imageInfo(jpegOf(8064, 6048))!)).toBe(false);
  });
});

describe("a PNG's image data", () => {
  it('is its IDAT data, with the length it must inflate to: each row and its filter byte', () => {
    expect(imageInfo(PNG)!.pngData).toEqual({ chunks: [PNG.subarray(41, 54)], inflatedLength: 1 * (4 + 1) });
    expect(imageInfo(png(3, 2))!.pngData!.inflatedLength).toBe(2 * (3 * 4 + 1));
    expect(imageInfo(png(10_000, 10_000, { colour: 0 }))!.pngData!.inflatedLength).toBe(10_000 * 10_001);
  });

  it('counts bits, not bytes: low bit depths pack pixels, 16 bits take two bytes a sample', () => {
    expect(imageInfo(png(9, 1, { depth: 1, colour: 0 }))!.pngData!.inflatedLength).toBe(2 + 1);
    expect(imageInfo(png(5, 2, { depth: 4, colour: 3 }))!.pngData!.inflatedLength).toBe(2 * (3 + 1));
    expect(imageInfo(png(2, 1, { depth: 16, colour: 6 }))!.pngData!.inflatedLength).toBe(2 * 8 + 1);
    expect(imageInfo(png(2, 1, { depth: 8, colour: 2 }))!.pngData!.inflatedLength).toBe(2 * 3 + 1);
    expect(imageInfo(png(2, 1, { depth: 8, colour: 4 }))!.pngData!.inflatedLength).toBe(2 * 2 + 1);
  });

  it('interlaced (Adam7): the seven passes, each row with its filter byte, an empty pass with none', () => {
    // 1×1: only the first pass has a pixel.
    expect(imageInfo(png(1, 1, { interlace: 1 }))!.pngData!.inflatedLength).toBe(4 + 1);
    // 3×2 RGBA: passes 1, 4 and 6 hold one pixel in one row, pass 7 a row of three; 2, 3 and 5 nothing.
    expect(imageInfo(png(3, 2, { interlace: 1 }))!.pngData!.inflatedLength).toBe(3 * (4 + 1) + (12 + 1));
    // 8×8 grey: 1 + 1 + 2 + 4 + 8 + 16 + 32 pixels in 1 + 1 + 1 + 2 + 2 + 4 + 4 rows.
    expect(imageInfo(png(8, 8, { colour: 0, interlace: 1 }))!.pngData!.inflatedLength).toBe(64 + 15);
  });

  it('is every IDAT, in order, when the data is split', () => {
    const split = concat(
      PNG.subarray(0, 33),
      chunk('IDAT', bytes('0102')),
      chunk('IDAT', bytes('03')),
      chunk('IEND', new Uint8Array()),
    );
    expect(imageInfo(split)!.pngData!.chunks).toEqual([bytes('0102'), bytes('03')]);
    expect(imageInfo(JPEG)!.pngData).toBeUndefined();
  });
});
