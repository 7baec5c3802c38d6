const browsers: readonly (readonly [RegExp, string])[] = [
  [/Edg(?:A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: readonly (readonly [RegExp, string])[] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

const first = (found: readonly (readonly [RegExp, string])[], userAgent: string) => found.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * What staff call a device in their list, from its browser's user agent: "Chrome on Android",
 * "Safari on iPhone". Only the browser and the system, never a version: it names, it does not track.
 */
export function deviceLabel(userAgent: string): string {
  const browser = first(browsers, userAgent);
  const system = first(systems, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'A browser');
}
