/**
 * Secrets live in SSM Parameter Store (SecureString), never in a function's environment (docs/deploy.md,
 * "Secrets"). Today one: the key list cursors are signed with, `/<service>/<stage>/cursor-secret`, created by
 * `npm run deploy` when absent (scripts/lib/cursor-secret.ts) and rotated by `npm run admin -- rotate-cursor-secret`.
 * Only the functions that issue or read cursors get its name (CURSOR_SECRET_PARAMETER) and `ssm:GetParameter` on
 * it: every list, and the dispatchers that run any route in-process. Under serverless offline (`domain=all`)
 * they get CURSOR_SECRET from the shell instead, or the local default.
 */
const DISPATCHER_HANDLERS = [
  'functions/fallback/any.handler',
  'functions/legacy/api-php.handler',
  'functions/mcp/handler.handler',
];

const cursorSecretParameter = (service, stage) => `/${service}/${stage}/cursor-secret`;

/** Whether a function of infra/function-table.cjs signs or verifies list cursors. */
const needsCursorKey = (fn) => /\.list$/.test(fn.key ?? '') || DISPATCHER_HANDLERS.includes(fn.handler);

/** The environment a function gets for its cursor key: the parameter's name deployed, the shell's CURSOR_SECRET offline. */
function cursorKeyEnvironment(fn, { domain, service, stage }) {
  if (!needsCursorKey(fn)) return {};
  if (domain === 'all') return { CURSOR_SECRET: process.env.CURSOR_SECRET ?? '' };
  return { CURSOR_SECRET_PARAMETER: cursorSecretParameter(service, stage) };
}

/** The IAM statement reading the cursor key (decrypted with the account's aws/ssm key, which needs no grant of its own). */
function cursorKeyStatement(service, stage) {
  const arn = {
    'Fn::Join': [
      ':',
      [
        'arn',
        { Ref: 'AWS::Partition' },
        'ssm',
        { Ref: 'AWS::Region' },
        { Ref: 'AWS::AccountId' },
        `parameter${cursorSecretParameter(service, stage)}`,
      ],
    ],
  };
  return { Effect: 'Allow', Action: ['ssm:GetParameter'], Resource: [arn] };
}

module.exports = { cursorSecretParameter, needsCursorKey, cursorKeyEnvironment, cursorKeyStatement };
