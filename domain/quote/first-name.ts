// The one thing the customer's confirmation repeats of what was typed into the form: a first name.
// Anyone can send the form with anyone's address, so whatever the confirmation repeats reaches a
// stranger under the business's name. A link, an address or a sentence there would make us a relay;
// one plain word of letters cannot carry any of them.

/** The longest first name greeted; a longer "word" is not a name (nobody's first name is 41 letters). */
export const greetingNameMaxLength = 40;

/**
 * What makes a whole name look like a link or an address rather than a name: a scheme (`://`, or any
 * colon, as in `mailto:`), `www.`, an `@`, a slash either way, markup or a markdown/BBCode link
 * (`<`, `>`, `[`, `]`), or a dot (or the full stops browsers read as one in a domain, 。．｡) followed by
 * a letter, as in `evil.example` or `J.R.`.
 */
const linkLike = /[:@/\\<>[\]]|www\.|[.\u3002\uFF0E\uFF61]\p{L}/iu;

/**
 * A first name as greeted: a letter, then letters, combining marks (accents written as their own
 * characters, the vowel signs of many scripts), hyphens and apostrophes (Anne-Marie, O'Brien, N’Golo),
 * ending in a letter or mark. No digits, spaces, dots or other punctuation.
 */
const plainName = /^\p{L}[\p{L}\p{M}'\u2019\u02BC-]*(?<=[\p{L}\p{M}])$/u;

/** Punctuation and symbols around a word (`Tom,`, `"Zoë"`, `(Ana)`), which the greeting leaves out. */
const edgePunctuation = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

/**
 * The name to greet a customer by in their confirmation: the first word of the name they gave, with
 * the punctuation around it left out ("Siobhán" of "Siobhán O'Neill", "Tom" of "Tom, Okafor"). Null,
 * for a plain "Hello,", when the name looks like a link or an address anywhere, or its first word is
 * not a plausible name (digits or other punctuation in it, more than {@link greetingNameMaxLength}
 * characters). What it answers is always part of the name's first word, and never holds a space,
 * a dot, a colon, a slash, an `@`, or markup.
 */
export function greetingName(name: string): string | null {
  if (linkLike.test(name)) return null;
  const [first = ''] = name.trim().split(/\s+/u);
  const word = first.replace(edgePunctuation, '');
  if (Array.from(word).length > greetingNameMaxLength || !plainName.test(word)) return null;
  return word;
}
