import { uniqueMarker } from './unique-marker.js';

/**
 * The marker item that makes a language's lang_code unique (`LANGCODE#<code>`): the languages
 * entity claims it on create and releases it on delete (lib/operations/languages.ts), and every
 * write of a language variable holds a ConditionCheck on it (lib/db/langvars.ts). It lives in
 * storage so both can use it without storage knowing the operation.
 */
export const langCodes = uniqueMarker('LANGCODE');
