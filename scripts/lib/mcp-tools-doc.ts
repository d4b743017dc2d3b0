import { OPERATION_METHODS } from '../../lib/entities/methods.js';
import { ENTITIES } from '../../lib/entities/registry.js';
import type { Operation } from '../../lib/entities/types.js';
import { allTools } from '../../lib/mcp/tool-catalog.js';
import { idArgumentOf } from '../../lib/mcp/tool-schemas.js';
import type { ToolSpec } from '../../lib/mcp/tool-types.js';

/**
 * docs/api.md's list of MCP tools is the server's own catalogue (lib/mcp/tool-catalog.ts, generated from the entity
 * definitions): `npm run generate` writes it between the marker lines (test/unit/mcp-tools-doc.test.ts fails when
 * the page is stale), so the page never lists a tool the server lacks or misses one it has.
 */
export const MCP_TOOLS_DOC = 'docs/api.md';
export const MCP_TOOLS_START =
  '<!-- MCP tools, written by npm run generate from the entity definitions: do not edit -->';
export const MCP_TOOLS_END = '<!-- end of the MCP tools -->';

function privilegesOf(tool: ToolSpec): string {
  const rule = ENTITIES[tool.judgedAs.entity]?.http.privileges;
  if (!rule || rule === 'none') return 'any API user';
  const operation: Operation = tool.judgedAs.operation;
  const names = operation === 'list' || operation === 'get' ? rule.read : (rule[operation] ?? rule.write);
  return names.map((name) => `\`${name}\``).join(', ');
}

function restOf(tool: ToolSpec): string {
  const entity = ENTITIES[tool.judgedAs.entity]!;
  const { method, onObject } = OPERATION_METHODS[tool.judgedAs.operation];
  return `\`${method} /${entity.name}${onObject ? `/{${idArgumentOf(entity)}}` : ''}\``;
}

function vendorsOf(tool: ToolSpec): string {
  const { http } = ENTITIES[tool.judgedAs.entity]!;
  if (!http.vendorAccess) return 'no';
  if (tool.writes && http.vendorReadOnly) return 'no';
  return http.vendorScoped ? 'own company' : 'yes';
}

export function mcpToolsTable(): string {
  const rows = allTools(Object.values(ENTITIES)).map((tool) => [
    `\`${tool.name}\``,
    tool.annotations.title,
    restOf(tool),
    privilegesOf(tool),
    vendorsOf(tool),
    tool.writes ? 'yes' : '',
  ]);
  const header = ['tool', 'what', 'runs', 'privileges', 'vendors', 'write'];
  // Columns padded to their widest cell, as the formatter (biome) lays Markdown tables out.
  const widths = header.map((name, column) => Math.max(name.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** The page with its tools table replaced by the current catalogue's; a page that lost a marker line is an error. */
export function withMcpTools(markdown: string): string {
  const start = markdown.indexOf(MCP_TOOLS_START);
  const end = markdown.indexOf(MCP_TOOLS_END);
  if (start < 0 || end < start) throw new Error(`${MCP_TOOLS_DOC} has lost its marker lines: ${MCP_TOOLS_START}`);
  return `${markdown.slice(0, start + MCP_TOOLS_START.length)}\n${mcpToolsTable()}\n${markdown.slice(end)}`;
}
