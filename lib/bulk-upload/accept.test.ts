import { describe, expect, it } from 'vitest';
import { imageFormatOf, refusalByDescription, refusals, screenFile } from './accept';

const jpegBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const webpBytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);

describe('which files enter the bulk queue (JPEG, PNG and WebP only)', () => {
  it('accepts the three formats by name and type, whatever the case of the extension', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['b.JPEG', 'image/jpeg'],
      ['c.png', 'image/png'],
      ['d.webp', 'image/webp'],
      ['e.jpg', ''],
    ]) {
      expect(refusalByDescription({ name: name!, type: type!, size: 1000 })).toBeNull();
    }
  });

  it('refuses other files with the reason', () => {
    expect(refusalByDescription({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(refusals.notAnImage);
    expect(refusalByDescription({ name: 'photo.gif', type: 'image/gif', size: 10 })).toBe(refusals.notAnImage);
    expect(refusalByDescription({ name: 'photo.heic', type: 'image/heic', size: 10 })).toBe(refusals.notAnImage);
    expect(refusalByDescription({ name: 'photo', type: 'image/jpeg', size: 10 })).toBe(refusals.notAnImage);
    expect(refusalByDescription({ name: 'photo.jpg', type: 'text/plain', size: 10 })).toBe(refusals.notAnImage);
  });

  it('refuses an empty file and one over 10MB', () => {
    expect(refusalByDescription({ name: 'a.jpg', type: 'image/jpeg', size: 0 })).toBe(refusals.empty);
    expect(refusalByDescription({ name: 'a.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
    expect(refusalByDescription({ name: 'a.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe(
      'Please upload an image smaller than 10MB.',
    );
  });

  it('reads the format from the first bytes', () => {
    expect(imageFormatOf(jpegBytes)).toBe('jpeg');
    expect(imageFormatOf(pngBytes)).toBe('png');
    expect(imageFormatOf(webpBytes)).toBe('webp');
    expect(imageFormatOf(new TextEncoder().encode('hello, world'))).toBeNull();
    expect(imageFormatOf(new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45]))).toBeNull(); // RIFF WAVE
    expect(imageFormatOf(new Uint8Array())).toBeNull();
  });

  it('refuses a text file renamed .jpg by its contents', async () => {
    expect(await screenFile(new File(['just some notes'], 'notes.jpg', { type: 'image/jpeg' }))).toBe(
      refusals.contentsNotAnImage,
    );
    expect(await screenFile(new File([jpegBytes], 'real.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(await screenFile(new File(['notes'], 'notes.txt', { type: 'text/plain' }))).toBe(refusals.notAnImage);
  });
});
