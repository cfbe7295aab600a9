import { MAX_IMAGE_SIDE, imageInfo, imageLimitBytes, imageType } from '../images';

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
    expect(imageInfo(PNG)).toEqual({ contentType: 'image/png', width: 1, height: 1 });
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
