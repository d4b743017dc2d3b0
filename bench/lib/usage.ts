/** `npm run bench -- --help`: what the bench takes, printed before anything is started. */
export const BENCH_USAGE = `Usage: npm run bench [-- <flags>]

The performance figures of the API and their budgets (docs/performance.md): bundles and module init, DynamoDB
round trips per request, list scaling (100 vs 10,000 users and products), HTTP through serverless offline,
cost per request and the change feed's latency. About 12 minutes on a busy 2-core machine. It starts its own
DynamoDB Local (in memory) and serverless offline on free ports, and stops them and removes its temporary
folder when it ends, also on Ctrl-C or an error.

Flags:
  --json          the figures as one JSON object on stdout (progress on stderr); use npm run -s
  --change-feed   only the change feed's figures (a few minutes)
  --batches       only the batch rows: 100 product updates and creates as one batch and as 100 requests
  --round-trips   only the DynamoDB requests and sequential steps of every in-process request, with their
                  budgets (a few minutes)
  --cost          only the cost table: the ERP-sync and shopper mixes' requests as REST (1.0) and HTTP API (2.0)
                  events, their units, milliseconds and bytes, and the shopper mix behind CloudFront (a few minutes)
  --mcp           only the MCP rows: tool calls next to the REST requests they run (DynamoDB calls and units)
  --import        only the import row: a CS-Cart store of 10,000 products with their customers and orders
                  (BENCH_IMPORT_PRODUCTS=N for another size) imported from this machine; records a second,
                  write units per record, cost per 100,000 records deployed
  --scale[=N,…]   only the store-at-scale figures: stores of 100 and 10,000 products (or the sizes given),
                  read units per lookup and write units and partition-key ceilings per write (~10 minutes)
  --help, -h      this text
`;

export function wantsHelp(args: readonly string[]): boolean {
  return args.includes('--help') || args.includes('-h');
}
