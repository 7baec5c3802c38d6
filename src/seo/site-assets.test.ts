// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { pngSize, readPublicFile } from './png-size.test-support';
import { absoluteUrl, icons, shareImage, themeColour } from './site-assets';

test('the share image is a 1200×630 PNG, the size link previews expect', () => {
  expect(pngSize(readPublicFile(shareImage.path))).toEqual({ width: shareImage.width, height: shareImage.height });
});

test.each([icons.small, icons.large, icons.maskable, icons.appleTouch])('$path is a $size-pixel square PNG', (icon) => {
  expect(pngSize(readPublicFile(icon.path))).toEqual({ width: icon.size, height: icon.size });
});

test('every image stays small enough to load quickly on a phone', () => {
  for (const path of [shareImage.path, icons.small.path, icons.large.path, icons.maskable.path, icons.appleTouch.path]) {
    expect(readPublicFile(path).length, path).toBeLessThan(60 * 1024);
  }
});

test('the served favicon is the one the app shows, in the brand colour', () => {
  const served = readPublicFile(icons.favicon.path).toString('utf8');
  expect(served).toBe(readFileSync(join(import.meta.dirname, '../assets/favicon.svg'), 'utf8'));
  expect(served).toContain(`fill="${themeColour}"`);
});

test('paths become full addresses at the root of the site', () => {
  expect(absoluteUrl(new URL('https://www.se1plumbing.example'), '/share-image.png')).toBe(
    'https://www.se1plumbing.example/share-image.png',
  );
  expect(absoluteUrl(new URL('https://example.test/somewhere/?q=1'), '/privacy')).toBe('https://example.test/privacy');
});
