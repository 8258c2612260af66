import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The product's rules are described in docs/PRODUCT.md and the reasons for them in docs/DECISIONS.md.
 * The specification and design notes the first version was built from are not in the repository, so
 * a pointer to one of their sections leads nowhere; and a pointer to a heading of ours that was
 * renamed leads nowhere either.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** A section of a document outside the repository: its name, optionally with .md, then a § number. */
const outsideSection = /\b(?:SPEC|DESIGN)(?:\.md)? ?§\s*\d+|\b(?:SPEC|DESIGN)\.md\b/g;

/** A pointer to a heading of one of our Markdown files: docs/PRODUCT.md#work-states, API.md#masters. */
const headingPointer = /\b((?:docs\/)?[A-Z][A-Z_]*\.md)#([\p{L}\p{N}_-]+)/gu;

function outsideReferencesIn(text: string): string[] {
  return text.match(outsideSection) ?? [];
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replaceAll(' ', '-');
    let anchor = slug;
    for (let repeat = 1; anchors.has(anchor); repeat++) anchor = `${slug}-${repeat}`;
    anchors.add(anchor);
  }
  return anchors;
}

function pointersIn(text: string): Array<{ file: string; anchor: string }> {
  return [...text.matchAll(headingPointer)].map((match) => ({ file: match[1]!, anchor: match[2]! }));
}

/** The Markdown file a pointer names: beside the file that points, or from the repository's root. */
function resolvePointer(from: string, file: string): string | undefined {
  return [path.join(path.dirname(from), file), file, path.join('docs', file)].find((candidate) => existsSync(path.join(root, candidate)));
}

/** Every tracked text file with its content; binary files (a NUL byte) are left out. */
function trackedTextFiles(): Array<{ file: string; text: string }> {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  return files
    .filter((file) => existsSync(path.join(root, file)))
    .map((file) => ({ file, bytes: readFileSync(path.join(root, file)) }))
    .filter(({ bytes }) => !bytes.includes(0))
    .map(({ file, bytes }) => ({ file, text: bytes.toString('utf8') }));
}

describe('references to documents outside the repository', () => {
  // Spelled out in pieces, so that this file does not hold what it looks for.
  const [spec, design, section] = ['SPEC', 'DESIGN', '§'];

  it('are recognised in every spelling the old comments used', () => {
    expect(outsideReferencesIn(`the button table of ${spec} ${section}4`)).toEqual([`${spec} ${section}4`]);
    expect(outsideReferencesIn(`(${design} ${section}6)`)).toEqual([`${design} ${section}6`]);
    expect(outsideReferencesIn(`the route table of ${spec}.md ${section}2`)).toEqual([`${spec}.md ${section}2`]);
    expect(outsideReferencesIn(`as ${design}.md says`)).toEqual([`${design}.md`]);
    expect(outsideReferencesIn('see docs/PRODUCT.md#work-states and docs/DECISIONS.md')).toEqual([]);
  });

  it('appear in no tracked file', () => {
    const found = trackedTextFiles().flatMap(({ file, text }) => outsideReferencesIn(text).map((reference) => `${file}: ${reference}`));
    expect(found).toEqual([]);
  });
});

describe('pointers to headings of our Markdown files', () => {
  it('are read the way GitHub anchors headings', () => {
    const anchors = headingAnchors(
      [
        '# Top',
        '## Work states',
        '### List and CSV (any signed-in worker)',
        '## Work screen (作業時間管理)',
        '```sh',
        '# not a heading',
        '```',
        '## Work states',
      ].join('\n'),
    );
    expect([...anchors]).toEqual(['top', 'work-states', 'list-and-csv-any-signed-in-worker', 'work-screen-作業時間管理', 'work-states-1']);
    expect(pointersIn('see docs/PRODUCT.md#work-states, or [masters](API.md#masters).')).toEqual([
      { file: 'docs/PRODUCT.md', anchor: 'work-states' },
      { file: 'API.md', anchor: 'masters' },
    ]);
  });

  it('each name a heading that exists', () => {
    const anchorsOf = new Map<string, Set<string>>();
    const broken = trackedTextFiles().flatMap(({ file, text }) =>
      pointersIn(text).flatMap((pointer) => {
        const target = resolvePointer(file, pointer.file);
        if (!target) return [`${file}: ${pointer.file} does not exist`];
        if (!anchorsOf.has(target)) anchorsOf.set(target, headingAnchors(readFileSync(path.join(root, target), 'utf8')));
        return anchorsOf.get(target)!.has(pointer.anchor) ? [] : [`${file}: ${pointer.file}#${pointer.anchor} names no heading`];
      }),
    );
    expect(broken).toEqual([]);
  });
});
