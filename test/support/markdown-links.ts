/**
 * The links of a Markdown file and the anchors its headings get on GitHub, so a unit test can prove that every
 * relative link of README.md and docs/*.md leads somewhere (issue 25: a table of contents pointing at a heading
 * that was renamed, a section linking to itself).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, relative, resolve } from 'node:path';

export interface MarkdownLink {
  line: number;
  target: string;
}

/** The lines outside fenced code blocks (```, ~~~), with their 1-based numbers: code is not Markdown. */
function proseLines(markdown: string): Array<{ line: number; text: string }> {
  const lines: Array<{ line: number; text: string }> = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length && text.trim() === opener)
        fence = undefined;
      return;
    }
    if (opener) fence = opener;
    else lines.push({ line: index + 1, text });
  });
  return lines;
}

/** A line without its code spans (`[x](y)` inside backticks is text, not a link). */
const withoutCode = (text: string) => text.replace(/(`+)[\s\S]*?\1/g, '');

/** Inline links and images `[text](target "title")`, and reference definitions `[label]: target`. */
export function linksOf(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { line, text } of proseLines(markdown)) {
    const prose = withoutCode(text);
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ line, target: match[1]! });
    const definition = /^\s{0,3}\[[^\]]+\]:\s+<?([^\s>]+)/.exec(prose);
    if (definition) links.push({ line, target: definition[1]! });
  }
  return links;
}

/**
 * GitHub's anchor for a heading (github-slugger, on the rendered text): lower case, every character that is not
 * a letter, digit, mark, `_`, `-` or space dropped, each space a `-`.
 */
export function slugOf(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor GitHub gives the file: heading slugs (a repeated one gets `-1`, `-2`, …) and explicit `<a id/name>`. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+\s*)?$/.exec(text)?.[1];
    if (heading !== undefined) {
      const slug = slugOf(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

/**
 * What is wrong with each relative link of a Markdown file, as `file:line: target — why`. External links
 * (a scheme or `//`) are not followed; an anchor is checked only in a Markdown target.
 */
export function brokenLinks(file: string, root: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const problems: string[] = [];
  const shown = relative(root, file);
  for (const { line, target } of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) continue;
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const linked = pathPart === '' ? file : resolve(dirname(file), pathPart);
    const where = `${shown}:${line}: ${target}`;
    if (!existsSync(linked)) {
      problems.push(`${where} — no file ${relative(root, linked)}`);
      continue;
    }
    if (anchor === undefined || extname(linked) !== '.md') continue;
    if (!anchorsOf(readFileSync(linked, 'utf8')).has(anchor)) {
      problems.push(`${where} — ${relative(root, linked)} has no heading with the anchor #${anchor}`);
    }
  }
  return problems;
}
