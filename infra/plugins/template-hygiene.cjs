/**
 * Cleans up what the framework itself puts into the compiled template and CloudFormation's own
 * validation (cfn-lint, which moto's ValidateTemplate runs and which refuses warnings too) objects to:
 *
 * - a `DependsOn` that a `Ref` or `Fn::GetAtt` in the same resource already enforces (W3005): every function
 *   `DependsOn` its role, whose ARN its `Role` already reads;
 * - the framework's `sls-<service>-<stage>-…` export names, the same in every stack of a stage: CloudFormation
 *   refuses a second stack exporting a name already exported, so each stack exports under its own name;
 * - in a domain stack, the framework's `ServiceEndpoint` output built from the imported REST API id (W6001:
 *   an output of an import); the core stack reports the stage's endpoint.
 */
class TemplateHygiene {
  constructor(serverless) {
    this.serverless = serverless;
    // After the framework has added its outputs' export names and merged `resources:`, before the template is saved.
    this.hooks = { 'before:aws:package:finalize:saveServiceState': () => this.apply() };
  }

  apply() {
    const template = this.serverless.service.provider.compiledCloudFormationTemplate;
    for (const resource of Object.values(template.Resources)) dropImpliedDependsOn(resource);
    const stackName = this.serverless.providers.aws.naming.getStackName();
    const outputs = template.Outputs ?? {};
    for (const [key, output] of Object.entries(outputs)) {
      if (output.Export?.Name?.startsWith?.('sls-')) output.Export.Name = `sls-${stackName}-${key}`;
      if (mentions(output.Value, 'Fn::ImportValue')) delete outputs[key];
    }
  }
}

/** Removes from a resource's `DependsOn` every resource its properties already `Ref` or `Fn::GetAtt`. */
function dropImpliedDependsOn(resource) {
  if (resource.DependsOn === undefined) return;
  const referenced = new Set();
  collectReferences(resource.Properties, referenced);
  const dependsOn = [resource.DependsOn].flat().filter((name) => !referenced.has(name));
  if (dependsOn.length === 0) delete resource.DependsOn;
  else resource.DependsOn = dependsOn;
}

function collectReferences(node, found) {
  if (Array.isArray(node)) {
    for (const item of node) collectReferences(item, found);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'Ref' && typeof value === 'string') found.add(value);
    else if (key === 'Fn::GetAtt') found.add(Array.isArray(value) ? value[0] : String(value).split('.')[0]);
    else collectReferences(value, found);
  }
}

function mentions(node, key) {
  if (Array.isArray(node)) return node.some((item) => mentions(item, key));
  if (node === null || typeof node !== 'object') return false;
  return Object.entries(node).some(([k, v]) => k === key || mentions(v, key));
}

module.exports = TemplateHygiene;
module.exports.dropImpliedDependsOn = dropImpliedDependsOn;
