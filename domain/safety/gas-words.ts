// The words the gas rule (gas-report.ts) looks for, as visitors type them: in any case, misspelt,
// without apostrophes. Each is a test of one word of a description, as wordsOf splits it.

const contractionStems = new Set(['can', 'don', 'doesn', 'didn', 'isn', 'wasn', 'aren', 'weren', 'won', 'haven', 'hasn', 'hadn', 'couldn', 'wouldn']);

/**
 * A description's words, as the rule reads them: lower case, accents and apostrophes dropped
 * ("don't" and "dont" alike, and "can t" too), every other mark and space a break between words.
 */
export function wordsOf(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['‘’`´]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const joined: string[] = [];
  for (const word of words) {
    const last = joined.at(-1);
    if (word === 't' && last !== undefined && contractionStems.has(last)) joined[joined.length - 1] = `${last}t`;
    else joined.push(word);
  }
  return joined;
}

type WordTest = (word: string) => boolean;
const matching = (pattern: RegExp): WordTest => (word) => pattern.test(word);
const among = (...words: string[]): WordTest => {
  const set = new Set(words);
  return (word) => set.has(word);
};

/** gas, gass, gasss, gaz, gassy, gases. */
export const isGas = matching(/^(?:g+a+s+(?:y|ie|e?s)?|ga+z+)$/);
/** smell, smel, smelll, smells, smelt, smelling, smelly; and the other words for one. */
export const isSmell = matching(/^(?:s+m+e+l+(?:s|t|ed|y|ing|in)?|sml+(?:s|ing)?|odou?rs?|w?hiff|wiff|stinks?|stinking|stench|reek(?:s|ing)?)$/);
/** leak, leek, leack, leaking, leakage; escaping and hissing gas too. */
export const isLeak = matching(/^(?:l+e+a?c?k+(?:s|ed|ing|in|age|y)?|escap(?:e|es|ed|ing)|hiss(?:es|ing)?)$/);
export const isRotten = matching(/^(?:rott?[eoi]n|rotting)$/);
export const isEgg = matching(/^eg+(?:s|y|ie)?$/);
export const isSulphur = matching(/^sul(?:ph|f)ur(?:ous|y)?$/);

/** co, and co2, which many people call the carbon monoxide alarm. */
export const isCo = matching(/^co2?$/);
export const isCarbon = matching(/^carb[oa]n$/);
/** monoxide, monoxid, monixide, monoxcide. */
export const isMonoxide = matching(/^m[ao]n+[aoi]?x+c?[iy]?d+e?s?$/);
export const isCarbonMonoxide = matching(/^carb[oa]nm[ao]n+[aoi]?x+c?[iy]?d+e?s?$/);
/** alarm, alaram, detector, dectector, sensor, monitor. */
export const isAlarm = matching(/^(?:a+l+a*r+a*m+s?|al+arm|dete?ct[oe]rs?|dect?ectors?|detecor|sensors?|monitors?)$/);

/** Words that sound an alarm: "beeping", "triggered"; "going off" is found by {@link soundsAt}. */
const isSounding = among(
  'beeping', 'beeps', 'beeped', 'bleeping', 'bleeps', 'bleeped', 'sounding', 'sounded', 'triggered', 'activated', 'ringing',
  'screaming', 'screeching', 'shrieking', 'blaring', 'wailing', 'alarming', 'buzzing',
);
const isGoing = among('going', 'gone', 'went', 'goes', 'go', 'goin', 'gon', 'set', 'keeps');

/** An alarm sounding at `index`: "beeping", "going off" (or "going of"), "won't stop". */
export function soundsAt(words: readonly string[], index: number): boolean {
  const word = words[index] ?? '';
  const next = words[index + 1] ?? '';
  return isSounding(word) || (isGoing(word) && (next === 'off' || next === 'of')) || (stopsNot(word) && isStop(next));
}

const isStop = among('stop', 'stopping');
/** The first word of "won't stop", which says an alarm sounds: no negation. */
const stopsNot = among('wont', 'doesnt', 'cant', 'not');

/** The words that deny what follows them: "no", "not", "don't", "never". */
export const isNegation = among(
  'no', 'not', 'non', 'nope', 'dont', 'doesnt', 'didnt', 'cant', 'cannot', 'couldnt', 'never', 'without', 'nothing', 'none', 'nor', 'neither',
  'isnt', 'wasnt', 'arent', 'werent', 'havent', 'hasnt', 'hadnt', 'wont', 'wouldnt',
);

/** A negation that says an alarm sounds instead ("won't stop"). */
export const deniesNothing = (words: readonly string[], index: number): boolean => isStop(words[index + 1] ?? '');

/** Words that may stand between a negation and what it denies: "no *strong* smell", "don't *think I can* smell". */
export const mayFollowNegation = among(
  'i', 'we', 'you', 'they', 'he', 'she', 'there', 'theres', 'is', 'are', 'was', 'were', 'be', 'been', 'can', 'could', 'do', 'does', 'did',
  'have', 'has', 'had', 'really', 'definitely', 'actually', 'even', 'any', 'a', 'an', 'the', 'of', 'think', 'that', 'this', 'its', 'it', 'at',
  'all', 'strong', 'real', 'slight', 'faint', 'notice', 'noticed', 'detect', 'detected', 'sense', 'sensed', 'get', 'got', 'feel', 'felt', 'see',
  'seen', 'found', 'much', 'more', 'longer', 'sign', 'signs', 'believe', 'obvious',
);
