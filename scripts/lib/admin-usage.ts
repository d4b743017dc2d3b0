/**
 * The admin command line's usage (`npm run admin -- --help`): the one list of its commands. docs/configuration.md
 * shows it as printed (`npm run generate` writes it there, scripts/lib/admin-usage-doc.ts; test/unit/admin-usage.test.ts
 * fails when the page or this list misses a command scripts/admin.ts runs).
 */
export const ADMIN_USAGE = `usage: npm run admin -- <command> [options] [--stage NAME]
  create-user --email E --type A|C|V [--root] [--company N] [--firstname F] [--lastname L]
  enable-api --email E           (a new API key, printed alone on the last line; the old one stops working)
  disable-api --email E
  set-privileges --usergroup N <privilege>...   (administrator groups only; names are validated; none: clears them)
  show-user --email E            (profile, group links, effective privileges)
  set-password --email E [--generate]   (panel or storefront password: typed twice, or stdin's first line;
                                 --generate: 20 random characters, printed once on the last line)
  storefront-key                 (the store's Storefront-Api-Access-Key; made if there is none)
  migrate [--rate N]             (the table's items to the current layout; N records per second at most; default 50)
  sweep-orphans [--settle S]     (index items whose record is missing S seconds later are deleted; default 60)
  replay-events --stage NAME     (the change feed's failed stream batches, consumed again)
  rotate-cursor-secret --stage S [--finish]   (a new cursor key; the old one verifies until --finish)
  restore --stage S --to TIME|latest [--switch] (point-in-time restore into a new table, checked;
                                 TIME in ISO 8601, e.g. 2026-11-26T07:00:00Z)
  switch-table --stage S --table NAME  (used from the stage's next npm run deploy; store-api-S: back to its own)
  import --from URL|FOLDER [--email E --key K] [--resume] [--since TIME] [--rate N]
                                 (a CS-Cart store, or an export folder, moved in with its ids kept: docs/moving.md;
                                 prints "report: <file>" and a summary; exit 1 while records were refused)
  export --to FOLDER             (every entity as <entity>.jsonl in the API's own shapes: docs/moving.md)
  help                           (or --help: this usage)
The local commands need the DynamoDB of a running \`npm start\` (or AWS_ENDPOINT_URL_DYNAMODB); --stage NAME uses a deployed stage.`;
