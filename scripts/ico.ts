/**
 * An ICO file holding one PNG (the format browsers have read since 2007): what /favicon.ico
 * answers, for the requests that name no icon (a JSON or text answer). public/, so Next serves
 * it as a file; tests/favicon.test.ts keeps it the same image as app/icon.png.
 */
export function icoOf(png: Buffer): Buffer {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(width >= 256 ? 0 : width, 6);
  header.writeUInt8(height >= 256 ? 0 : height, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18); // where the PNG starts
  return Buffer.concat([header, png]);
}
