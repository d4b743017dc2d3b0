/**
 * Every relative link of README.md, CHANGELOG.md and docs/*.md leads to a file that exists and, for a Markdown file, to a
 * heading it has (GitHub's anchors). A failure names the file, the line and the link, e.g.
 * `docs/api.md:17: #10-other-entities — docs/api.md has no heading with the anchor #10-other-entities`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';
import { anchorsOf, brokenLinks, linksOf, slugOf } from '../support/markdown-links.js';

const DOCUMENTS = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

describe('GitHub anchors', () => {
  it.each([
    ["7. A user's usergroups (memberships)", '7-a-users-usergroups-memberships'],
    ['Retries: `Idempotency-Key` (beyond)', 'retries-idempotency-key-beyond'],
    ['`GET /events`: the pull feed', 'get-events-the-pull-feed'],
    ['Walkthrough: catalog → product → order', 'walkthrough-catalog--product--order'],
    ['snake_case and [a link](x.md)', 'snake_case-and-a-link'],
  ])('%s → #%s', (heading, slug) => {
    expect(slugOf(heading)).toBe(slug);
  });

  it('a repeated heading gets -1, -2; headings inside code blocks are not headings', () => {
    const anchors = anchorsOf('# Notes\n\n## Notes\n\n```sh\n# not a heading\n```\n## Notes\n');
    expect([...anchors]).toEqual(['notes', 'notes-1', 'notes-2']);
  });

  it('links inside code spans and code blocks are not links', () => {
    const links = linksOf(
      'See [api](api.md#x) and `[no](nothing.md)`.\n```md\n[no](nothing.md)\n```\n[ref]: other.md\n',
    );
    expect(links).toEqual([
      { line: 1, target: 'api.md#x' },
      { line: 5, target: 'other.md' },
    ]);
  });
});

describe('links of the README and docs/', () => {
  it('there are documents with links to check', () => {
    expect(DOCUMENTS).toContain('docs/api.md');
    expect(
      DOCUMENTS.reduce((count, file) => count + linksOf(readFileSync(join(repoRoot, file), 'utf8')).length, 0),
    ).toBeGreaterThan(50);
  });

  it.each(DOCUMENTS)('%s: every relative link and #anchor resolves', (file) => {
    expect(brokenLinks(join(repoRoot, file), repoRoot)).toEqual([]);
  });
});
