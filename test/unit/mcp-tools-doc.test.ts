import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../../lib/entities/registry.js';
import { allTools } from '../../lib/mcp/tool-catalog.js';
import { MCP_TOOLS_DOC, MCP_TOOLS_START, withMcpTools } from '../../scripts/lib/mcp-tools-doc.js';
import { repoRoot } from '../../scripts/lib/repo.js';

/**
 * docs/api.md's MCP tools table is the server's own catalogue (written by npm run generate): a tool added to or
 * removed from the entity definitions, or a page not regenerated, fails here.
 */
describe('docs/api.md "MCP: tools for AI assistants"', () => {
  const page = readFileSync(join(repoRoot, MCP_TOOLS_DOC), 'utf8');

  it('shows exactly the generated table', () => {
    expect(page).toContain(MCP_TOOLS_START);
    expect(withMcpTools(page)).toBe(page);
  });

  it('names every tool of the catalogue once, with its REST call', () => {
    const table = page.slice(page.indexOf(MCP_TOOLS_START));
    for (const tool of allTools(Object.values(ENTITIES)))
      expect(table.match(new RegExp(`^\\| \`${tool.name}\` +\\|`, 'gm')), tool.name).toHaveLength(1);
    expect(table).toMatch(
      /^\| `products_update` +\| Update product +\| `PUT \/products\/\{product_id\}` +\| `manage_catalog` +\| own company +\| yes +\|$/m,
    );
  });
});
