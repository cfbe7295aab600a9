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

/** The limit in bytes of a maximum given in MB (the setting's unit). */
export const imageLimitBytes = (maxImageMb: number): number => Math.floor(maxImageMb * 1024 * 1024);
