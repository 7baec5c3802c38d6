// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// Every relative link in the README and the guides must lead somewhere: to a file that exists and,
// with a #fragment, to a heading in it (same-page #anchors included).

const root = fileURLToPath(new URL('..', import.meta.url));

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks and code spans (which may run over a line break), where links and headings live. */
function prose(markdown: string): string {
  return markdown.replace(/^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[^\n]*$/gm, '').replace(/(`+)(?!`)(?:[^\n]|\n(?!\n))*?(?<!`)\1(?!`)/g, '');
}

/** The anchor GitHub gives a heading: lowercase, punctuation but hyphens dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '').replace(/ /g, '-');
}

const anchorsCache = new Map<string, Set<string>>();

/** Every heading's anchor in a Markdown file, numbered as GitHub numbers repeats (-1, -2…). */
function anchorsOf(file: string): Set<string> {
  const cached = anchorsCache.get(file);
  if (cached) return cached;
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = slug(match[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${String(count)}`);
  }
  anchorsCache.set(file, anchors);
  return anchors;
}

/** Each link or image target in the file's prose: inline `[text](target)` and definitions `[label]: target`. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*(<[^>]*>|[^)\s]*)[^)]*\)/g)].map((match) => match[1] ?? '');
  const definitions = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)].map((match) => match[1] ?? '');
  return [...inline, ...definitions].map((target) => target.replace(/^<|>$/g, ''));
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with one link from `file`, or undefined when it leads somewhere. */
function brokenBecause(file: string, target: string): string | undefined {
  const hashAt = target.indexOf('#');
  const path = hashAt === -1 ? target : target.slice(0, hashAt);
  const fragment = hashAt === -1 ? undefined : decodeURIComponent(target.slice(hashAt + 1));
  const destination = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
  if (!existsSync(destination)) return 'no such file';
  if (fragment === undefined || !destination.endsWith('.md')) return undefined;
  return anchorsOf(destination).has(fragment) ? undefined : `no heading #${fragment} in ${relative(root, destination)}`;
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

test('the README and the guides are found', () => {
  expect(files.length).toBeGreaterThan(8);
});

test.each(files.map((file) => [relative(root, file), file]))('every relative link in %s leads somewhere', (_name, file) => {
  const broken = linkTargets(readFileSync(file, 'utf8'))
    .filter((target) => target !== '' && !isExternal(target))
    .flatMap((target) => {
      const reason = brokenBecause(file, target);
      return reason === undefined ? [] : [`${relative(root, file)}: (${target}): ${reason}`];
    });
  expect(broken).toEqual([]);
});
