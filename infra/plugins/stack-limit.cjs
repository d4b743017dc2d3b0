/**
 * Refuses to deploy a stack that CloudFormation would refuse: more than 500 resources.
 *
 * - `serverless deploy`: before anything is bundled or sent to AWS, the stack's size is
 *   computed from the resolved service (infra/stack-size.cjs); over the limit, the deploy stops
 *   with what to do instead. The single stack (`domain=all`, what serverless offline runs) is
 *   over it: it is for offline only, and `npm run deploy` deploys the split stacks.
 * - right before the first CloudFormation call (also with `deploy --package`): the same check
 *   on the compiled template itself.
 * - `serverless package`: packaging such a template is allowed (tests, inspection) with a warning.
 */
const { CFN_RESOURCE_LIMIT, countResources } = require('../stack-size.cjs');

class StackLimit {
  constructor(serverless, options = {}, { log } = {}) {
    this.serverless = serverless;
    this.options = options;
    this.log = log;
    this.hooks = {
      initialize: () => this.checkBeforeDeploy(),
      'before:aws:deploy:deploy:createStack': () => this.checkTemplate(),
      'after:package:finalize': () => this.warnOnPackage(),
    };
  }

  isFullDeploy() {
    const commands = this.serverless.processedInput?.commands ?? [];
    return commands.length === 1 && commands[0] === 'deploy' && !this.options.function && !this.options.package;
  }

  stackName() {
    return this.serverless.service.provider?.stackName ?? this.serverless.service.service;
  }

  /** The stack's size from the resolved service, before esbuild runs. */
  estimate() {
    const service = this.serverless.service;
    const apiGateway = service.provider?.apiGateway ?? {};
    return countResources({
      functions: Object.values(service.functions ?? {}),
      resources: service.resources?.Resources ?? {},
      importedPaths: Object.keys(apiGateway.restApiResources ?? {}),
      ownsRestApi: !apiGateway.restApiId,
    }).total;
  }

  refusal(count) {
    const stage = this.serverless.service.provider?.stage ?? 'dev';
    const domain = String(this.serverless.service.custom?.domain ?? 'all');
    return new this.serverless.classes.Error(
      [
        `Stack ${this.stackName()} would hold ${count} CloudFormation resources; CloudFormation allows ${CFN_RESOURCE_LIMIT} per stack, so this deploy would fail.`,
        domain === 'all'
          ? `The single stack (--param="domain=all", the default) is what serverless offline runs; it is not deployable. Deploy the split stacks (core, then one per domain): npm run deploy -- --stage ${stage}`
          : `Split the domain '${domain}': give some of its rows in infra/function-table.cjs a domain of their own (docs/deploy.md, "Adding a domain").`,
      ].join('\n'),
      'STACK_RESOURCE_LIMIT',
    );
  }

  checkBeforeDeploy() {
    if (!this.isFullDeploy()) return;
    const count = this.estimate();
    if (count > CFN_RESOURCE_LIMIT) throw this.refusal(count);
  }

  checkTemplate() {
    const template = this.serverless.service.provider?.compiledCloudFormationTemplate;
    const count = Object.keys(template?.Resources ?? {}).length;
    if (count > CFN_RESOURCE_LIMIT) throw this.refusal(count);
  }

  warnOnPackage() {
    const commands = this.serverless.processedInput?.commands ?? [];
    if (commands[0] !== 'package') return;
    const count = Object.keys(this.serverless.service.provider?.compiledCloudFormationTemplate?.Resources ?? {}).length;
    if (count > CFN_RESOURCE_LIMIT) {
      this.log?.warning?.(
        `${this.stackName()}: ${count} resources, over CloudFormation's ${CFN_RESOURCE_LIMIT} per stack; this template can be inspected, not deployed (docs/deploy.md).`,
      );
    }
  }
}

module.exports = StackLimit;
