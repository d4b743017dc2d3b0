/**
 * SKIP_CONFIG_VALIDATION=true skips the framework's schema validation of serverless.yml for this one command.
 *
 * Unset (every deploy, package and offline of yours), nothing changes: the framework validates as it always has.
 * The deploy tests and the emulator check set it: they run some 70 `serverless` commands on the same serverless.yml,
 * and the validation (ajv over 248 functions with every error collected, then the framework's walk of the config)
 * was about 40 % of one command's CPU. The framework runs it whatever `configValidationMode` says (`off` only hides
 * its messages), hence this switch. The config is still validated once per run: test/deploy/template.test.ts packages
 * without the switch, which fails on any schema error (`configValidationMode` is unset: the framework's `error`).
 */
class ConfigValidationSwitch {
  constructor(serverless) {
    // Plugins are constructed before the framework validates (serverless.js: init loads them, run validates).
    if (process.env.SKIP_CONFIG_VALIDATION === 'true') serverless.configSchemaHandler.validateConfig = async () => {};
  }
}

module.exports = ConfigValidationSwitch;
