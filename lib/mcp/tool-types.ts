import type { Operation } from '../entities/types.js';
import type { Schema } from '../openapi/schemas.js';

/** An MCP tool as the catalogue (lib/mcp/tool-catalog.ts) describes it, before a caller is offered it. */
export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
}

export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: Schema;
  outputSchema: Schema;
  annotations: ToolAnnotations;
  /** The REST operation whose privileges decide who may use the tool (an entity tool runs exactly it). */
  judgedAs: { entity: string; operation: Operation };
  writes: boolean;
  /** A task tool (lib/mcp/task-tools.ts runs it); absent for an entity tool. */
  task?: string;
}
