import { panelHandler } from '../../lib/panel/lambda.js';

/** The administration panel: GET/POST /admin and /admin/... (lib/panel/panel.ts), HTML forms, no JavaScript. */
export const handler = panelHandler();
