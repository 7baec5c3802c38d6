// How the text of a request reads to the spam rules: the links in it, and whether it is made of words.
// Judged in any language a customer may write in: only Latin-script words are ever called gibberish,
// and one odd word among real ones never is.

/**
 * Top-level domains a bare domain ("cheap-seo.com") is recognised by without http:// or www. in
 * front. A short list on purpose: a missing space after a full stop ("the tap.It drips") must not read
 * as a link, so country codes that are also words (it, me, us, co, de) are left out.
 */
const bareDomainEndings = 'com|net|org|info|biz|io|uk|ru|cn|xyz|top|online|site|club|shop|store|app|ly|gl|link|click|live|pro|ai';

const label = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?';
const linkPatterns = [
  '\\[[^\\]\\n]*\\]\\([^)\\s]+\\)', // markdown: [text](address)
  '\\[url(?:=[^\\]]*)?\\](?:[^[]*\\[\\/url\\])?', // BBCode: [url=address]text[/url]
  '<a\\s[^>]*>(?:[^<]*<\\/a>)?', // HTML: <a href="address">text</a>
  'https?:\\/\\/\\S+',
  'www\\.\\S+',
  `(?<![\\p{L}\\p{N}@.-])(?:${label}\\.)+(?:${bareDomainEndings})(?![\\p{L}\\p{N}-])(?:\\/\\S*)?`,
];
const links = new RegExp(linkPatterns.join('|'), 'giu');
// An address someone leaves to be written to is contact details, not a link: taken out first.
const emailAddresses = /[^\s@]+@[^\s@]+/gu;

const withoutEmailAddresses = (text: string) => text.replace(emailAddresses, ' ');

/** How many links (addresses, www., bare domains, markdown, BBCode or HTML links) the text holds. */
export const countLinks = (text: string): number => withoutEmailAddresses(text).match(links)?.length ?? 0;

/** The text without its links and email addresses, for the rules that judge the words around them. */
const withoutLinks = (text: string) => withoutEmailAddresses(text).replace(links, ' ');

// Y and W are vowels here: Welsh writes "cwm" and "Llwyd", and English "rhythm" and "Glyn".
const vowelsOnly = /^[^aeiouywæøœ]+$/u;
const consonantRun = /[^aeiouywæøœ]{5}/u;
const oneLetterHeld = /^(\p{L})\1{3,}$/u;
const keyboardRows = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const keyboardWalks = keyboardRows.flatMap((row) => [row, Array.from(row).reverse().join('')]);
const isKeyboardWalk = (word: string) =>
  Array.from({ length: Math.max(0, word.length - 4) }, (_, start) => word.slice(start, start + 5)).some((five) => keyboardWalks.some((row) => row.includes(five)));

/**
 * Whether a word reads as typed at random: four or more letters without a vowel ("zxmcnv"), five
 * consonants running ("asdkjh"), one letter held down ("aaaa"), or five keys along a row ("qwerty").
 * Real words do this rarely ("lengths", "Knightsbridge"), so a text is judged by its share of such
 * words, never by one. Only Latin script is judged (the rules know its vowels), and short all-capital
 * words are abbreviations (CCTV, TRV).
 */
function looksRandom(word: string): boolean {
  const letters = word.normalize('NFD').replace(/\p{M}/gu, '');
  if (!/^\p{Script=Latin}+$/u.test(letters)) return false;
  if (letters.length <= 5 && letters === letters.toUpperCase()) return false;
  const lower = letters.toLowerCase();
  return (lower.length >= 4 && vowelsOnly.test(lower)) || consonantRun.test(lower) || oneLetterHeld.test(lower) || isKeyboardWalk(lower);
}

/** Whether a code point is punctuation or a symbol other than an emoji, which real messages use freely. */
const isOddSymbol = (character: string) => /[\p{P}\p{S}]/u.test(character) && !/\p{Extended_Pictographic}/u.test(character);

/**
 * Whether at least half of what is typed is symbols ("#$%^&*"). A run of one mark counts once, so
 * "Help!!!!!!" stays words; too little text (under eight characters) is never judged.
 */
function mostlySymbols(text: string): boolean {
  const characters = Array.from(text.replace(/(.)\1+/gsu, '$1')).filter((character) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(character));
  const symbols = characters.filter(isOddSymbol).length;
  return characters.length >= 8 && symbols * 2 >= characters.length;
}

/**
 * Whether the text is mostly not words: more than half its words of three letters or more look typed
 * at random, or half of it is symbols. Shorter words are too short to judge either way ("Jo", "Ng",
 * "SE1 7PB"), so they neither count against a text nor hide mashing beside them. Links and email
 * addresses are left out first: they are judged as links.
 */
export function isMostlyNotWords(text: string): boolean {
  const plain = withoutLinks(text);
  const words = plain.match(/[\p{L}\p{M}]{3,}/gu) ?? [];
  const random = words.filter(looksRandom).length;
  return random * 2 > words.length || mostlySymbols(plain);
}

/** The length (after {@link textKey}'s normalising) below which a description is too common to compare. */
const minimumKeyLength = 20;

/**
 * A description as the rules compare it with others: lower case, punctuation and spacing gone,
 * invisible characters dropped (so they cannot make one text look like many). Short texts give null:
 * "no hot water" and "leak under sink" come from many customers, and are no sign of anything.
 */
export function textKey(text: string): string | null {
  const key = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{Cf}/gu, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
  return key.length >= minimumKeyLength ? key : null;
}
