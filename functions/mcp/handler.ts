import { mcpHandler } from '../../lib/mcp/http-handler.js';
import { HANDLERS } from '../handler-table.generated.js';

/** POST /mcp: the MCP server for AI assistants (SPEC §13); each tool runs its REST operation's handler in-process. */
export const handler = mcpHandler(HANDLERS);
