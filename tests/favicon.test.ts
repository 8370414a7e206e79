import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { icoOf } from '../scripts/ico';

const root = path.resolve(import.meta.dirname, '..');
const icon = fs.readFileSync(path.join(root, 'app', 'icon.png'));
const favicon = fs.readFileSync(path.join(root, 'public', 'favicon.ico'));

describe('public/favicon.ico', () => {
  it('is an ICO of one image, app/icon.png, as scripts/make-art.ts writes it', () => {
    expect(favicon.readUInt16LE(0)).toBe(0);
    expect(favicon.readUInt16LE(2)).toBe(1);
    expect(favicon.readUInt16LE(4)).toBe(1);
    expect([favicon.readUInt8(6), favicon.readUInt8(7)]).toEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)]);
    const start = favicon.readUInt32LE(18);
    expect(favicon.readUInt32LE(14)).toBe(favicon.length - start);
    expect(favicon.subarray(start).equals(icon)).toBe(true);
    expect(icoOf(icon).equals(favicon)).toBe(true);
  });
});
