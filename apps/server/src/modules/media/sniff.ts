/** Image containers accepted for upload, named as sharp names them. */
export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/**
 * Recognises the container from its first bytes, never from a file name or a client's content
 * type. Anything else (SVG, HEIC, TIFF, PDF, text...) answers null and never reaches the decoder,
 * so hostile XML or exotic codecs are not parsed at all.
 */
export function sniffImageFormat(buf: Buffer): SourceFormat | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const ascii = (start: number, end: number) => buf.toString('latin1', start, end);
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: size(4) 'ftyp' major-brand(4) minor(4) compatible brands... AVIF declares avif/avis.
  if (ascii(4, 8) === 'ftyp') {
    const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 64);
    const brands: string[] = [ascii(8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}
