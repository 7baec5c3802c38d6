// Characters that change how text around them is shown, or are not shown at all: bidirectional
// controls (U+202E turns "Bob \u202egnp.exe" into "Bob exe.png" on screen and in an email's subject)
// and zero-width characters. Kept out of every single-line field: see docs/decisions/014-safer-input.md.

/**
 * The bidirectional controls (the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069,
 * the marks U+200E, U+200F and U+061C) and the zero-width characters (U+200B–U+200D, U+2060, U+FEFF),
 * as a character class.
 */
const invisibleCharacterClass = '[\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\uFEFF]';

const invisible = new RegExp(invisibleCharacterClass, 'g');

/** The text without any of those characters; everything else as it was. */
export const withoutInvisibleCharacters = (text: string): string => text.replace(invisible, '');
