/**
 * `custom.esbuild.exclude` (infra/plugins/esbuild-bundles.cjs), left out of the bundles and the zips: the AWS SDK v3 the nodejs22.x runtime
 * ships (docs/architecture.md, "Bundling and the AWS SDK"), and Powertools Tracer with the X-Ray SDK unless the stage
 * traces (the `tracing` param): lib/db/client.ts loads it only when tracing is on, so an untraced stage's bundles
 * neither carry nor run it (docs/performance.md, "Tracing").
 */
module.exports = async ({ resolveVariable }) => {
  const tracing = String(await resolveVariable('param:tracing')) === 'true';
  return ['@aws-sdk/*', ...(tracing ? [] : ['@aws-lambda-powertools/tracer'])];
};
