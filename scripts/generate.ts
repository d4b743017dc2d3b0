/**
 * `npm run generate`: writes the registry, the handler table and the serverless function list from the
 * entity definitions (scripts/lib/generated-files.ts), and docs/configuration.md's admin commands from the admin
 * command line's usage. `npm start`, `npm run package` and `npm run deploy`
 * run it first; commit what it changes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_USAGE_DOC, withAdminUsage } from './lib/admin-usage-doc.js';
import { generatedFiles } from './lib/generated-files.js';
import { MCP_TOOLS_DOC, withMcpTools } from './lib/mcp-tools-doc.js';
import { repoRoot } from './lib/repo.js';

const current = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

// docs/configuration.md's admin commands: the command line's own usage (scripts/lib/admin-usage-doc.ts).
const adminDoc = current(join(repoRoot, ADMIN_USAGE_DOC));
const written: Record<string, string> = {
  ...(await generatedFiles()),
  ...(adminDoc ? { [ADMIN_USAGE_DOC]: withAdminUsage(adminDoc) } : {}),
};
// docs/api.md's MCP tools: the server's own catalogue (scripts/lib/mcp-tools-doc.ts).
const apiDoc = current(join(repoRoot, MCP_TOOLS_DOC));
if (apiDoc) written[MCP_TOOLS_DOC] = withMcpTools(apiDoc);

for (const [file, content] of Object.entries(written)) {
  const path = join(repoRoot, file);
  if (current(path) === content) continue;
  writeFileSync(path, content);
  console.log(`generate: wrote ${file}`);
}
