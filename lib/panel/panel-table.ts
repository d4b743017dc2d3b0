import { instanceTable } from '../operations/instance-table.js';

/**
 * The table the administration panel reads and writes its accounts on: this instance's (the composition root's
 * context, lib/operations/instance-table.ts), named here once for the panel's pages.
 */
export const panelTable = instanceTable;
