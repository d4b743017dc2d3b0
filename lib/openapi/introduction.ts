import { DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE } from '../http/paging.js';

/**
 * The document's introduction and servers (lib/openapi/document.ts builds the rest from the entity definitions).
 */

/**
 * The versions serve the same operations, so each is listed once, under a path relative to the version's root
 * (`/products/{id}`), and the versions are the document's servers: the page's "Servers" choice (issue 25).
 */
const VERSION_ROOTS = [
  { path: '/api', description: 'Version 1.0' },
  { path: '/api/2.0', description: 'Version 2.0 (the same operations)' },
] as const;

/** The servers entries of a deployment at `base` (`https://…/dev`, `http://localhost:3000`, or '' for this host). */
export function versionServers(base: string): Array<{ url: string; description: string }> {
  return VERSION_ROOTS.map(({ path, description }) => ({ url: `${base}${path}`, description }));
}

/**
 * The introduction: one line, then the rules in a collapsed <details> (Swagger UI renders the description's
 * HTML through its sanitizer, which keeps details/summary), so the operations start on the first screen.
 */
const DESCRIPTION_LEAD = `A CS-Cart-compatible store / marketplace REST API. HTTP Basic on every request: e-mail and API key.
Answers and errors are JSON; errors are \`{"message": ..., "status": ...}\`.`;

const DESCRIPTION_RULES = `**Paths.** Version 1.0 under \`/api/\`, 2.0 under \`/api/2.0/\`: the same operations, listed once below with
paths relative to the version's root (pick the version under *Servers*). The same requests also work as
\`/api.php?_d=<path without /api/>&ajax_custom=1\` (e.g. \`_d=products/12\`, \`_d=2.0/users/3/usergroups\`), with further
query parameters as filters. A trailing slash is ignored; entity names are case-insensitive.

**Authentication.** HTTP Basic on every request: the user's e-mail and API key. Missing or wrong credentials → 401 with
\`WWW-Authenticate: Basic realm="User email/API key"\`. Ten failures within 15 minutes for one e-mail and source address → 429
with \`Retry-After\`.

**Rate limits.** Each API user has a token bucket (refill rate per second and burst set per deployment). Every answer to an
authenticated request carries \`RateLimit-Limit\` (the burst), \`RateLimit-Remaining\` (tokens left) and \`RateLimit-Reset\`
(seconds until the bucket is full again). An empty bucket → 429 \`{"message":"Too Many Requests","status":429}\` with
\`Retry-After\` (seconds); it is judged right after credentials.

**Retries (Idempotency-Key).** A POST or PUT with \`Idempotency-Key: <1 to 255 characters>\` is done once per API user and key:
a retry with the same method, path, query and body within 24 h gets the first answer again (same status and body, header
\`Idempotent-Replayed: true\`); answers below 500 are kept, a 5xx frees the key. The same key with another request → 422;
while the first is still running → 409 with \`Retry-After\`. Ignored on GET and DELETE.

**The order a request is judged in.** Credentials (401/429) → route (404 unknown entity, 405 wrong method for the path's shape)
→ privilege (403) → body (413 over 1 MiB, 415 unsupported Content-Type, 400 malformed) → the objects in the path (404) →
escalation guard (403) → field values (400).

**Bodies.** \`application/json\`, or \`key=value&…\` pairs as \`text/plain\` or \`application/x-www-form-urlencoded\` (no
Content-Type means text/plain). Unknown and read-only keys are ignored. Empty body → 400 \`Missing parameters\`; JSON that is not an object → 400 \`Syntax error, malformed JSON\`.

**Answers.** Errors are \`{"message": "<HTTP reason>[: detail]", "status": N}\`, validation errors add
\`"errors": [{"field", "message"}]\`. POST → 201 with the new id, PUT → 200 with the id, DELETE → 204. Most numbers in
objects are JSON strings (\`"12"\`, \`"30.00"\`), as CS-Cart sends them. POST/PUT answers carry CS-Cart's types too: a POST
answers the new id as a number, a PUT the id as a string (\`{"category_id":"265"}\`), each operation's schema says which;
usergroups and memberships answer integers.

**Lists.** \`page\` (default 1), \`items_per_page\` (default ${DEFAULT_ITEMS_PER_PAGE}, 1 to ${MAX_ITEMS_PER_PAGE}), \`sort_by\`,
\`sort_order\` (asc|desc; default id ascending); \`total_items\` is an integer; a page past the end is empty. A filter value
outside its allowed values → 400.

**Conditional requests.** Every single-object GET sends a strong \`ETag\` (a hash of the answer's JSON). \`If-None-Match\`
on a GET → 304 with the ETag and no body when a tag matches (weak comparison). \`If-Match\` on a PUT or DELETE → 412 when no
tag matches the object as it is now (strong comparison; \`*\` matches any existing object), and nothing is changed; the write
is conditioned on the state it was judged on, so of two writers with the same tag one wins and the other gets 412. Judged
after the 404 of an unknown object and the privilege and escalation checks, before the body's field values. Without
If-Match writes behave as before.

**Cursor paging.** Wrapped lists also carry \`next\` in \`params\`/\`search\`: an opaque, signed cursor (null on the last
page). \`?cursor=<next>\` (with the same filters; \`sort_by\`/\`sort_order\` may be left out) continues right after the last
object of that page, so a walk sees every object that existed throughout exactly once even while others are created or
deleted. A malformed or altered cursor, one used with other filters or another sort, or one combined with \`page\` → 400.

**Permissions.** A root administrator may do everything; any other administrator needs the privileges each operation names
(granted by the administrator groups they are active in). Vendors (\`user_type\` V) may use the API only in the editions
multi-vendor-plus, multi-vendor-ultimate and multi-vendor-enterprise, and only categories (read-only), products and orders —
and only their own company's products and orders: another company's is a 404 to them, and what they create belongs to their
company. Escalation guard: only a root administrator manages administrator groups, administrators and vendors; nobody changes
their own memberships or disables or deletes themselves.`;

export const DESCRIPTION = `${DESCRIPTION_LEAD}

<details><summary>How requests are judged: paths, authentication, rate limits, retries, errors, lists, conditional requests, cursors, permissions</summary>

${DESCRIPTION_RULES}

</details>`;
