import {
  deniesNothing,
  isAlarm,
  isCarbon,
  isCarbonMonoxide,
  isCo,
  isEgg,
  isGas,
  isLeak,
  isMonoxide,
  isNegation,
  isRotten,
  isSmell,
  isSulphur,
  mayFollowNegation,
  soundsAt,
  wordsOf,
} from './gas-words';
import type { GasReport } from './gas-report-kind';

type Words = readonly string[];
type WordTest = (word: string) => boolean;
const among = (...list: string[]): WordTest => {
  const set = new Set(list);
  return (word) => set.has(word);
};

// What may stand between the words of a report: "smell *of* gas", "gas *pipe* leaking".
const smellToGas = among(
  'of', 'like', 'a', 'an', 'bit', 'abit', 'strong', 'strongly', 'faint', 'slight', 'some', 'any', 'the', 'real', 'really', 'very', 'bad',
  'definite', 'definitely', 'distinct', 'kind', 'sort', 'lot', 'little', 'from', 'what', 'could', 'be', 'might', 'i', 'think', 'is', 'it',
  'its', 'off', 'near', 'around', 'by', 'coming', 'at', 'that', 'my', 'our', 'possible', 'maybe',
);
const appliance = among('hob', 'cooker', 'oven', 'fire', 'meter', 'pipe', 'pipes', 'supply', 'valve', 'tap', 'line', 'main', 'mains', 'connection', 'joint');
const gasToSmell = (word: string) => appliance(word) || among('like', 'type', 'kind', 'sort', 'of', 'is', 'was', 'a', 'bit', 'very', 'really', 'strong', 'boiler', 'cupboard')(word);
// Not "boiler": a gas boiler that leaks almost always leaks water.
const gasToLeak = (word: string) =>
  appliance(word) || among('is', 'was', 'a', 'possible', 'possibly', 'maybe', 'could', 'be', 'small', 'slight', 'slow', 'might', 'has', 'been', 'bad', 'major', 'definitely')(word);
const leakToGas = among('of', 'some', 'a', 'little', 'bit', 'lot', 'small', 'the');
const leakPlace = among('in', 'from', 'on', 'at', 'by', 'near', 'round', 'around');
const determiner = among('the', 'my', 'our', 'a');
const alarmTogether = among('gas', 'smoke', 'and', 'fire');
// Said of carbon monoxide itself: "carbon monoxide *leak*", "*worried* about carbon monoxide".
const coAfter = among('leak', 'leaks', 'leaking', 'leaked', 'leakage', 'poisoning', 'poisoned', 'poison', 'fumes', 'levels', 'level', 'reading', 'readings');
const monoxideAfter = (word: string) => coAfter(word) || among('present', 'detected', 'high', 'in', 'inside', 'from', 'coming', 'everywhere', 'escaping', 'exposure', 'symptoms')(word);
const monoxideBefore = among('worried', 'worry', 'worrying', 'scared', 'afraid', 'think', 'suspect', 'suspected', 'possible', 'possibly', 'maybe', 'smell', 'smells', 'smelt', 'fear', 'concerned', 'symptoms', 'poisoning');
const isCheck = among('check', 'checks', 'checking', 'checked', 'test', 'tests', 'testing', 'tested', 'inspect', 'inspection', 'look');
const beforeChecked = among('a', 'an', 'any', 'the', 'possible', 'signs', 'of');

/** The first word from `from` on, at most `gap` words later, that `target` picks, with only words `allowed` before it. */
function reach(words: Words, from: number, gap: number, target: WordTest, allowed: WordTest): number | undefined {
  for (let index = from; index < words.length && index <= from + gap; index += 1) {
    const word = words[index] ?? '';
    if (target(word)) return index;
    if (!allowed(word)) return undefined;
  }
  return undefined;
}

/** An alarm at `alarm` sounds: "going off", "beeping", "won't stop", within a few words and not denied. */
function sounds(words: Words, alarm: number): boolean {
  if (soundsAt(words, alarm - 1)) return true;
  for (let index = alarm + 1; index < words.length && index <= alarm + 4; index += 1) {
    if (soundsAt(words, index)) return true;
    if (isNegation(words[index] ?? '') && !deniesNothing(words, index)) return false;
  }
  return false;
}

/** Where a report of a gas smell or leak starts at `index`, if one does. */
function gasSmellAt(words: Words, index: number): number | undefined {
  const word = words[index] ?? '';
  const next = words[index + 1] ?? '';
  if (isSmell(word)) {
    const found = reach(words, index + 1, 4, isGas, smellToGas) ?? reach(words, index + 1, 2, (w) => isEgg(w) || isSulphur(w), smellToGas);
    return found === undefined ? undefined : index;
  }
  if (isGas(word)) {
    const alarm = reach(words, index + 1, 1, isAlarm, among('leak', 'safety'));
    if (alarm !== undefined) return sounds(words, alarm) || soundsAt(words, index - 1) ? index : undefined;
    const found = reach(words, index + 1, 2, isSmell, gasToSmell) ?? reach(words, index + 1, 2, isLeak, gasToLeak);
    return found === undefined ? undefined : index;
  }
  if (isLeak(word)) {
    if (reach(words, index + 1, 3, isGas, leakToGas) !== undefined) return index;
    // "a leak from the gas pipe"; "a leak from the gas boiler" is water.
    const gas = leakPlace(next) ? reach(words, index + 2, 1, isGas, determiner) : undefined;
    return gas !== undefined && appliance(words[gas + 1] ?? '') ? index : undefined;
  }
  if (isRotten(word) && isEgg(next)) return index;
  if ((isEgg(word) || isSulphur(word)) && isSmell(next)) return index;
  return undefined;
}

/** How many words a name of carbon monoxide at `index` takes, and whether it is only "co". */
function monoxideNameAt(words: Words, index: number): { end: number; short: boolean } | undefined {
  const word = words[index] ?? '';
  if (isCarbonMonoxide(word)) return { end: index + 1, short: false };
  if (isCarbon(word) && isMonoxide(words[index + 1] ?? '')) return { end: index + 2, short: false };
  if (isMonoxide(word) && !isCarbon(words[index - 1] ?? '')) return { end: index + 1, short: false };
  if (isCo(word)) return { end: index + 1, short: true };
  return undefined;
}

/** Where a report of carbon monoxide starts at `index`, if one does: an alarm sounding, a leak, a worry. */
function carbonMonoxideAt(words: Words, index: number): number | undefined {
  const name = monoxideNameAt(words, index);
  if (name === undefined) return undefined;
  const alarm = reach(words, name.end, 2, isAlarm, alarmTogether);
  if (alarm !== undefined) return sounds(words, alarm) || soundsAt(words, index - 1) ? index : undefined;
  const after = among('is', 'was', 'gas')(words[name.end] ?? '') ? words[name.end + 1] : words[name.end];
  if ((name.short ? coAfter : monoxideAfter)(after ?? '')) return index;
  if (name.short) return undefined;
  for (let before = index - 1; before >= 0 && before >= index - 3; before -= 1) {
    if (monoxideBefore(words[before] ?? '')) return before;
  }
  return undefined;
}

/** Whether the words before `start` deny the report ("no smell of gas") or ask for a check ("check for gas leaks"). */
function denied(words: Words, start: number): boolean {
  for (let index = start - 1; index >= 0 && index >= start - 5; index -= 1) {
    const word = words[index] ?? '';
    if (isNegation(word)) return !deniesNothing(words, index);
    if (!mayFollowNegation(word)) break;
  }
  let index = start - 1;
  while (index > 0 && beforeChecked(words[index] ?? '')) index -= 1;
  return words[index] === 'for' && isCheck(words[index - 1] ?? '');
}

/**
 * What a visitor's description reports: a smell of gas (or a leak of it, "rotten eggs", a gas alarm
 * sounding), carbon monoxide (its alarm sounding, a leak, a worry), or neither (null). Misspellings,
 * case, spacing and punctuation make no difference; a report denied ("no smell of gas") and ordinary
 * gas work ("gas boiler service", "gas safety certificate") are neither. Carbon monoxide wins when
 * both are reported: its advice adds 999 for anyone unwell. Adding words after a report never
 * removes it, since only the words before a report can deny it.
 */
export function gasReportOf(description: string | null | undefined): GasReport | null {
  if (description === null || description === undefined || description === '') return null;
  const words = wordsOf(description);
  let gasSmell = false;
  for (let index = 0; index < words.length; index += 1) {
    const monoxide = carbonMonoxideAt(words, index);
    if (monoxide !== undefined && !denied(words, monoxide)) return 'carbon-monoxide';
    const gas = gasSmellAt(words, index);
    if (gas !== undefined && !denied(words, gas)) gasSmell = true;
  }
  return gasSmell ? 'gas-smell' : null;
}
