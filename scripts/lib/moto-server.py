"""moto_server with two CloudFormation gaps closed, for `npm run deploy:check` only (docs/deploy.md,
"What moto cannot do"). Run as `python3 moto-server.py -p PORT`, it takes moto_server's own arguments.

moto 5 registers a stack's exports only when the stack is created, rebuilds its outputs only on a direct
UpdateStack, and lets a stack created through a change set (or while no export exists) see no other stack's
exports. The Serverless Framework creates every stack with just its deployment bucket and then adds
everything else through a change set, so without this no output or export of ours would ever exist there
and no domain stack could import the core's REST API. AWS does all three.

And properties CloudFormation passes on that moto's resources drop: an IAM role's inline policy came back from
GetRolePolicy as Python's repr of the document instead of JSON; a Lambda function's Architectures (moto made
every function x86_64) and TracingConfig (every function PassThrough); a DynamoDB table's SSESpecification (read under another key), TimeToLiveSpecification
and PointInTimeRecoverySpecification. Each is applied here through moto's own API calls, as AWS applies it.
Last, a REST API outlived the stack that created it (moto cannot delete one through CloudFormation); it is
deleted with its stack here. The resource types moto's CloudFormation skips altogether (alarms, WAF, custom
domains) are created through moto's own backends by moto_operations.py.
"""
import json
import sys

from moto.cloudformation import models
from moto.apigateway import models as apigateway_models
from moto.awslambda import models as lambda_models
from moto.dynamodb.models import dynamodb_backends
from moto.dynamodb.models import table as dynamodb_table
from moto.iam import models as iam_models
from moto.server import main

import moto_operations  # noqa: F401  (registers the CloudFormation types moto skips)


def share_exports(backend):
    """Every stack resolves Fn::ImportValue against the account's exports, as they are now."""
    for stack in backend.stacks.values():
        stack.cross_stack_resources = backend.exports
        stack.resource_map.cross_stack_resources = backend.exports


def refresh_outputs_and_exports(backend, stack):
    stack._parse_template()
    stack.output_map = stack._create_output_map()
    for name in [name for name, export in backend.exports.items() if export.exporting_stack_id == stack.stack_id]:
        backend.exports.pop(name)
    for export in stack.exports:
        backend.exports[export.name] = export
    share_exports(backend)


original_execute_change_set = models.CloudFormationBackend.execute_change_set
original_update_stack = models.CloudFormationBackend.update_stack
original_create_stack = models.CloudFormationBackend.create_stack
original_create_change_set = models.CloudFormationBackend.create_change_set


def create_stack(self, *args, **kwargs):
    stack = original_create_stack(self, *args, **kwargs)
    share_exports(self)
    return stack


def create_change_set(self, *args, **kwargs):
    created = original_create_change_set(self, *args, **kwargs)
    share_exports(self)
    return created


def execute_change_set(self, change_set_name, stack_name=None):
    original_execute_change_set(self, change_set_name, stack_name)
    change_set = self.change_sets.get(change_set_name) or next(
        cs for cs in self.change_sets.values() if cs.change_set_name == change_set_name and (stack_name is None or cs.stack_name == stack_name)
    )
    refresh_outputs_and_exports(self, self.stacks[change_set.stack_id])


def update_stack(self, *args, **kwargs):
    stack = original_update_stack(self, *args, **kwargs)
    refresh_outputs_and_exports(self, stack)
    return stack


models.CloudFormationBackend.execute_change_set = execute_change_set
models.CloudFormationBackend.update_stack = update_stack
models.CloudFormationBackend.create_stack = create_stack
models.CloudFormationBackend.create_change_set = create_change_set

original_put_policy = iam_models.Role.put_policy


def put_policy(self, policy_name, policy_json):
    original_put_policy(self, policy_name, policy_json if isinstance(policy_json, str) else json.dumps(policy_json))


iam_models.Role.put_policy = put_policy

original_create_function = lambda_models.LambdaFunction.create_from_cloudformation_json.__func__


def create_function(cls, resource_name, cloudformation_json, account_id, region_name, **kwargs):
    fn = original_create_function(cls, resource_name, cloudformation_json, account_id, region_name, **kwargs)
    if "Architectures" in cloudformation_json["Properties"]:
        fn.architectures = cloudformation_json["Properties"]["Architectures"]
    if "TracingConfig" in cloudformation_json["Properties"]:
        fn.tracing_config = cloudformation_json["Properties"]["TracingConfig"]
    return fn


lambda_models.LambdaFunction.create_from_cloudformation_json = classmethod(create_function)

original_create_table = dynamodb_table.Table.create_from_cloudformation_json.__func__


def create_table(cls, resource_name, cloudformation_json, account_id, region_name, **kwargs):
    table = original_create_table(cls, resource_name, cloudformation_json, account_id, region_name, **kwargs)
    properties = cloudformation_json["Properties"]
    backend = dynamodb_backends[account_id][region_name]
    if table.sse_specification is not None:
        table.sse_specification["Enabled"] = properties["SSESpecification"].get("SSEEnabled", False)
    if "TimeToLiveSpecification" in properties:
        backend.update_time_to_live(table.name, properties["TimeToLiveSpecification"])
    if "PointInTimeRecoverySpecification" in properties:
        backend.update_continuous_backups(table.name, properties["PointInTimeRecoverySpecification"])
    return table


dynamodb_table.Table.create_from_cloudformation_json = classmethod(create_table)

def delete_rest_api(self, account_id, region_name):
    apigateway_models.apigateway_backends[account_id][region_name].delete_rest_api(self.id)


apigateway_models.RestAPI.delete = delete_rest_api

if __name__ == "__main__":
    main(sys.argv[1:])
