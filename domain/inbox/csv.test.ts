import fc from 'fast-check';
import { expect, test } from 'vitest';
import { neutraliseCell, toCsv, utf8Bom } from './csv';

/**
 * A strict RFC 4180 reader: CRLF ends every record (the last too), a field with a comma, quote or
 * line break must be quoted, a quote inside is doubled. Anything else throws, so a sloppy writer fails.
 */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let index = 0;
  const fieldAt = (): string => {
    if (text[index] !== '"') {
      const end = text.slice(index).search(/[,\r\n"]/);
      const value = end === -1 ? text.slice(index) : text.slice(index, index + end);
      index += value.length;
      if (text[index] === '"') throw new Error(`bare quote at ${index}`);
      return value;
    }
    let value = '';
    index++;
    for (;;) {
      const quote = text.indexOf('"', index);
      if (quote === -1) throw new Error('unclosed quote');
      value += text.slice(index, quote);
      index = quote + 1;
      if (text[index] !== '"') return value;
      value += '"';
      index++;
    }
  };
  while (index < text.length) {
    row.push(fieldAt());
    if (text[index] === ',') {
      index++;
    } else if (text.startsWith('\r\n', index)) {
      index += 2;
      rows.push(row);
      row = [];
    } else {
      throw new Error(`expected a comma or CRLF at ${index}`);
    }
  }
  if (row.length > 0) throw new Error('the last record has no CRLF');
  return rows;
}

/** Text that tests the quoting: commas, quotes, lone CRs and LFs, formula starts, any Unicode. */
const cellArb = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(',', '"', '\r', '\n', '\r\n', '=', '+', '-', '@', '\t', ' ', "'") },
    { weight: 5, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: fc.constantFrom('é', 'Zoë', '£', '😀', '\u200b', '\ufeff') },
  ),
  maxLength: 12,
});
const rowsArb = fc.array(fc.array(cellArb, { minLength: 1, maxLength: 6 }), { maxLength: 8 });
const formulaStarts = ['=', '+', '-', '@', '\t', '\r'];

test('the file starts with the byte order mark and every row ends with CRLF', () => {
  expect(toCsv([])).toBe(utf8Bom);
  expect(utf8Bom).toBe('\uFEFF');
  expect(toCsv([['Name', 'Phone'], ['Zoë', '07700 900123']])).toBe('\uFEFFName,Phone\r\nZoë,07700 900123\r\n');
});

test('any rows read back as they were written, once neutralised', () => {
  fc.assert(
    fc.property(rowsArb, (rows) => {
      const csv = toCsv(rows);
      expect(csv.startsWith(utf8Bom)).toBe(true);
      expect(parseCsv(csv.slice(utf8Bom.length))).toEqual(rows.map((row) => row.map(neutraliseCell)));
    }),
  );
});

test('outside quoted fields a line ends only with CRLF', () => {
  fc.assert(
    fc.property(rowsArb, (rows) => {
      const unquoted = toCsv(rows).replace(/"(?:[^"]|"")*"/g, '');
      expect(unquoted.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(unquoted.match(/\r\n/g) ?? []).toHaveLength(rows.length);
    }),
  );
});

test.for([
  ['a comma', 'Smith, Jo', '"Smith, Jo"'],
  ['a quote', 'the "big" leak', '"the ""big"" leak"'],
  ['a line break', 'line 1\nline 2', '"line 1\nline 2"'],
  ['a formula', '=HYPERLINK("http://evil.example")', '"\'=HYPERLINK(""http://evil.example"")"'],
  ['a minus sign', '-1', "'-1"],
  ['a plain word', 'Boiler', 'Boiler'],
  ['nothing', '', ''],
] as const)('a cell with %s is written %j', ([, cell, written]) => {
  expect(toCsv([[cell]])).toBe(`${utf8Bom}${written}\r\n`);
});

test('every cell starting with = + - @ tab or CR gets an apostrophe in front, and no other cell changes', () => {
  fc.assert(
    fc.property(fc.oneof(fc.constantFrom(...formulaStarts), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), fc.string(), (first, rest) => {
      const cell = first + rest;
      expect(neutraliseCell(cell)).toBe(formulaStarts.includes(first) ? `'${cell}` : cell);
    }),
  );
  expect(neutraliseCell('')).toBe('');
});

test.for(['=1+2', '+44 20 7946 0123', '-2', '@SUM(A1)', '\t=1', '\r=1'])('%j is neutralised', (cell) => {
  expect(neutraliseCell(cell)).toBe(`'${cell}`);
});

test.for(["'=1", ' =1', 'Café', '07700 900123', '1-2', '\n=1'])('%j is left as it is', (cell) => {
  expect(neutraliseCell(cell)).toBe(cell);
});

test('neutralising a cell twice changes nothing more', () => {
  fc.assert(
    fc.property(cellArb, (cell) => {
      expect(neutraliseCell(neutraliseCell(cell))).toBe(neutraliseCell(cell));
    }),
  );
});
