import { imageLimitBytes, imageType } from '../images';

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
