/** Pictures for the upload cases: a 1×1 PNG, padded to any size, in a multipart body. */

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A well-formed PNG of exactly `bytes` bytes: the 1×1 image with a private ancillary chunk. */
export function paddedPng(bytes: number): Buffer {
  const header = PNG.subarray(0, 33); // signature + IHDR
  const rest = PNG.subarray(33);
  const length = bytes - PNG.length - 12;
  const chunk = Buffer.alloc(12 + length, 0x41);
  chunk.writeUInt32BE(length, 0);
  chunk.write('fzZz', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + length)), 8 + length);
  return Buffer.concat([header, chunk, rest]);
}

export function multipart(boundary: string, name: string, filename: string, type: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}
