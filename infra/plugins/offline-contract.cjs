/**
 * `serverless offline` (the local server of `npm start` and the tests) answers some requests itself, before any
 * function runs: hapi, its HTTP layer, refuses a Content-Type it cannot parse, a malformed Cookie header or
 * %-encoding in the path, serves Range requests, and Node's HTTP parser refuses unknown methods, oversized
 * headers and malformed request lines with a bare `400` and no body. API Gateway passes the first kinds to the
 * function and has no such answers of its own, so locally they broke the contract's error format
 * (`{"message": "...", "status": N}`, SPEC §3). This plugin makes the local server keep it:
 *
 * - hidden from hapi, kept for the function: a Content-Type hapi cannot parse and Cookie are removed from the
 *   headers hapi looks at (`request.headers`); the function's event is built from the raw header lines, so it
 *   still sees them exactly as sent — as behind API Gateway. Range support is switched off on every route
 *   (hapi answered `Range` with 206 and a slice of the JSON, or 416 in its own format);
 * - a path segment that is not valid %-encoding has its `%` escaped as `%25` for hapi's router, so the request
 *   reaches the function (which answers 401/404 in its order) instead of hapi's 400;
 * - a JSON body reaches the function as the text sent: offline parsed it and dropped a falsy result (`null`,
 *   `false`, `0`, `""`), which the function then saw as no body;
 * - every answer hapi or serverless offline still makes itself (an unparseable request target, an unreadable
 *   body, a body over offline's 10 MB limit, offline's "route not found" page and its handler-failure page
 *   with a stack trace) is rewritten into the contract's format with the same status;
 * - Node's HTTP parser errors get a complete answer in that format: 431 for oversized headers, 408 for a
 *   request that is not sent in time, 405 with `Allow` for an unknown method (CONNECT included), else 400;
 * - `Expect` values other than 100-continue and HTTP/1.1 requests without Host go to the function (Node would
 *   answer 417 / 400 on its own).
 *
 * Each answer made here is logged as one JSON line like the functions' request lines, with
 * `"source":"local server"`. Only the `offline` command is affected; `package` and `deploy` load the plugin
 * and do nothing. docs/api.md §9 lists every case for users; docs/security.md F7 tells the story.
 */
'use strict';

const { STATUS_CODES } = require('node:http');
const { createRequire } = require('node:module');

const JSON_TYPE = 'application/json; charset=utf-8';
/** The methods the API serves; what an unknown method's 405 names (SPEC §1). */
const ALLOW = 'GET, POST, PUT, DELETE';
/** Headers every answer of the functions carries (lib/stack/middleware/http-response.ts). */
const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };
/** Request headers that hapi would judge itself; removed from its view only (the function still gets them). */
const HAPI_ONLY_HEADERS = ['cookie'];
const OFFLINE_NOT_FOUND = 'Serverless-offline: route not found.';
/** What offline is told a body's media type is: one it never parses (it parses application/json and vnd.api+json). */
const RAW_BODY_TYPE = 'application/octet-stream';
const TOKEN_THEN_SPACE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ /;

/** The contract's error body: `{"message":"<reason>[: detail]","status":N}` (SPEC §3). */
function errorBody(status, detail) {
  const reason = STATUS_CODES[status] ?? 'Error';
  return JSON.stringify({ message: detail ? `${reason}: ${detail}` : reason, status });
}

/**
 * The request target with every path segment that is not valid %-encoding made literal (`%` → `%25`), or
 * undefined when nothing needs repairing. The query string is left alone (it is parsed leniently).
 */
function repairPath(target) {
  if (typeof target !== 'string' || !target.startsWith('/') || !target.includes('%')) return undefined;
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt);
  let changed = false;
  const segments = path.split('/').map((segment) => {
    try {
      decodeURIComponent(segment);
      return segment;
    } catch {
      changed = true;
      return segment.replace(/%/g, '%25');
    }
  });
  return changed ? segments.join('/') + query : undefined;
}

/** Status and detail for an error of Node's HTTP parser on a connection with no request in flight. */
function parserErrorAnswer(error) {
  const code = error && error.code;
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431 };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') return { status: 408 };
  const packet = error && error.rawPacket ? Buffer.from(error.rawPacket).toString('latin1') : '';
  if (code === 'HPE_INVALID_METHOD' && TOKEN_THEN_SPACE.test(packet)) return { status: 405, headers: { Allow: ALLOW } };
  return { status: 400, detail: 'Malformed HTTP request' };
}

/** A complete HTTP/1.1 answer for a raw socket, in the contract's format; the connection closes after it. */
function rawAnswer({ status, detail, headers = {} }) {
  const body = errorBody(status, detail);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    `Content-Type: ${JSON_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Detail for an error response hapi made itself (a Boom), by what it was about. */
function boomDetail(request, boom) {
  const status = boom.output.statusCode;
  if (status === 400 && request.url === null) return 'Malformed request URL';
  if (status === 400) return 'Malformed request';
  return undefined;
}

/** One JSON line per answer made here, shaped like the functions' `request` lines (lib/stack/middleware). */
function logAnswer(fields) {
  process.stdout.write(
    `${JSON.stringify({ level: 'INFO', message: 'request', timestamp: new Date().toISOString(), service: 'store-api', source: 'local server', ...fields })}\n`,
  );
}

function install(server, hapiRequire) {
  const Content = createRequire(hapiRequire.resolve('@hapi/subtext'))('@hapi/content');

  // Offline has added every route by now; `table()` hands out each route's live settings.
  for (const route of server.table()) route.settings.response.ranges = false;

  server.ext('onRequest', (request, h) => {
    const headers = request.headers;
    for (const name of HAPI_ONLY_HEADERS) delete headers[name];
    if (headers['content-type'] !== undefined) {
      try {
        Content.type(headers['content-type']);
      } catch {
        delete headers['content-type'];
      }
    }
    const repaired = repairPath(request.raw.req.url);
    if (repaired !== undefined) request.setUrl(repaired, server.settings.router.stripTrailingSlash);
    return h.continue;
  });

  // Offline JSON-parses a JSON body itself and then passes only a truthy result on, so `null`, `false`, `0` or `""`
  // reached the function as no body at all ("Missing parameters"; `0`/`false` not even as a string). API Gateway
  // passes the body text as sent: hide the media type from offline's parser (the function reads the real
  // Content-Type from the raw header lines), so the body stays the text that came.
  server.ext('onPreHandler', (request, h) => {
    // Always: offline takes a missing media type for application/json too.
    request.mime = RAW_BODY_TYPE;
    return h.continue;
  });

  // Registered after offline's own onPreResponse (its CORS echo), so this one sees the final answer.
  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    let status;
    let detail;
    let headers = {};
    if (response.isBoom) {
      status = response.output.statusCode;
      detail = boomDetail(request, response);
      headers = { ...response.output.headers };
    } else {
      const source = response.source;
      const fromOffline =
        source !== null &&
        typeof source === 'object' &&
        !Buffer.isBuffer(source) &&
        ('offlineInfo' in source || source.error === OFFLINE_NOT_FOUND);
      if (!fromOffline) return h.continue;
      status = response.statusCode;
      headers = { ...response.headers };
    }
    for (const name of Object.keys(headers)) {
      if (['content-type', 'content-length'].includes(name.toLowerCase())) delete headers[name];
    }
    const answer = h.response(errorBody(status, detail)).code(status).type(JSON_TYPE);
    for (const [name, value] of Object.entries({ ...headers, ...SECURITY_HEADERS })) answer.header(name, value);
    logAnswer({ method: request.method.toUpperCase(), path: request.raw.req.url.split('?')[0], status });
    return answer;
  });

  const listener = server.listener;
  // HTTP/1.1 without Host: Node answers a bare 400 itself unless told not to; the function does not need Host.
  listener.requireHostHeader = false;
  // `Expect` other than 100-continue: Node answers 417 itself unless someone listens; hand it over as usual.
  listener.on('checkExpectation', (req, res) => listener.emit('request', req, res));
  // CONNECT never reaches 'request'; with no listener Node just drops the connection.
  listener.on('connect', (req, socket) => {
    socket.end(rawAnswer({ status: 405, headers: { Allow: ALLOW } }));
    logAnswer({ method: req.method, path: req.url, status: 405 });
  });

  // hapi answers parser errors with a bare "400 Bad Request" and no body; replace that, but let hapi handle an
  // error in a request it is already serving (it answers through the lifecycle, so onPreResponse formats it).
  const hapiHandlers = listener.listeners('clientError');
  listener.removeAllListeners('clientError');
  listener.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy(error);
      return;
    }
    const inFlight = socket._httpMessage;
    if (inFlight && error.code !== 'HPE_INVALID_METHOD') {
      for (const handler of hapiHandlers) handler.call(listener, error, socket);
      return;
    }
    const answer = inFlight ? { status: 400, detail: 'Malformed HTTP request' } : parserErrorAnswer(error);
    const send = () => {
      if (socket.writable) socket.end(rawAnswer(answer));
      else socket.destroy(error);
      logAnswer({ status: answer.status, error: error.code });
    };
    // A pipelined request the parser could not read: answer once the one before it is done.
    if (inFlight) inFlight.once('close', send);
    else send();
  });
}

class OfflineContract {
  constructor(serverless, options) {
    this.serverless = serverless;
    this.options = options ?? {};
    this.hooks = {
      'before:offline:start': () => this.apply(),
      'before:offline:start:init': () => this.apply(),
    };
  }

  /** The port of offline's HTTP server: as offline reads it (CLI option, custom.serverless-offline, 3000). */
  httpPort() {
    const custom = this.serverless.service.custom?.['serverless-offline'] ?? {};
    return String(this.options.httpPort ?? custom.httpPort ?? 3000);
  }

  apply() {
    if (this.applied) return;
    this.applied = true;
    // The very hapi serverless-offline imports (resolved from its own location).
    const offlineRequire = createRequire(require.resolve('serverless-offline'));
    const hapiRequire = createRequire(offlineRequire.resolve('@hapi/hapi'));
    const Hapi = offlineRequire('@hapi/hapi');
    const prototype = Object.getPrototypeOf(Hapi.server({ autoListen: false }));
    const start = prototype.start;
    const port = this.httpPort();
    prototype.start = function startKeepingTheContract(...args) {
      // Offline starts several hapi servers (HTTP, Lambda invoke); only the API's is changed.
      if (String(this.settings.port) === port && !this.app.offlineContract) {
        this.app.offlineContract = true;
        install(this, hapiRequire);
      }
      return start.apply(this, args);
    };
  }
}

module.exports = OfflineContract;
module.exports.errorBody = errorBody;
module.exports.repairPath = repairPath;
module.exports.parserErrorAnswer = parserErrorAnswer;
module.exports.rawAnswer = rawAnswer;
module.exports.install = install;
