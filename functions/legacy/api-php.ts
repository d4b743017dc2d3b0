import { dispatcher } from '../../lib/stack/dispatcher.js';
import { HANDLERS } from '../handler-table.generated.js';

/** /api.php?_d=<path>&ajax_custom=1: the same handlers, called in-process (SPEC §1). */
export const handler = dispatcher(HANDLERS);
