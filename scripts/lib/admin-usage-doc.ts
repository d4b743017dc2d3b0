import { ADMIN_USAGE } from './admin-usage.js';

/**
 * docs/configuration.md's list of admin commands is the command line's own usage, as `npm run admin -- --help`
 * prints it: `npm run generate` writes it into the code block after the marker line (test/unit/admin-usage.test.ts
 * fails when the page is stale).
 */
export const ADMIN_USAGE_DOC = 'docs/configuration.md';
export const ADMIN_USAGE_MARKER = '<!-- npm run admin -- --help, written by npm run generate: do not edit -->';

/** The page with its usage block replaced by the current usage; a page that lost its marker line is an error. */
export function withAdminUsage(markdown: string): string {
  const at = markdown.indexOf(ADMIN_USAGE_MARKER);
  if (at < 0) throw new Error(`${ADMIN_USAGE_DOC} has lost its marker line: ${ADMIN_USAGE_MARKER}`);
  const blockStart = markdown.indexOf('```\n', at);
  const blockEnd = markdown.indexOf('\n```', blockStart + 4);
  return `${markdown.slice(0, blockStart)}\`\`\`\n${ADMIN_USAGE}${markdown.slice(blockEnd)}`;
}
