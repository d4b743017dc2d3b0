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
A resource an update removed stayed in moto's map of a stack's resources, so a later update adding it back (an
event source mapping on the stage's own table after a switch to a restored one and back) found it there and
created nothing; it is forgotten with its removal here. A function's LastModified follows its updates. Last, a REST API outlived the stack that created it (moto cannot delete one through CloudFormation); it is
deleted with its stack here. A stream record holding a binary value no longer cancels the write that made it (moto's
Lambda backend could not serialise bytes). The resource types moto's CloudFormation skips altogether (alarms, WAF, custom
domains) are created through moto's own backends by moto_operations.py.
"""
import base64
import hashlib
import json
import logging
import os
import re
import sys
import threading

import yaml
from moto import backends as moto_backends

from moto.cloudformation import models
from moto.cloudformation import responses as cloudformation_responses
from moto.core.utils import iso_8601_datetime_with_nanoseconds
from moto.cloudformation import parsing as cloudformation_parsing
from moto.apigateway import models as apigateway_models
from moto.awslambda import models as lambda_models
from moto.dynamodb.models import dynamodb_backends
from moto.dynamodb.models import table as dynamodb_table
from moto.iam import models as iam_models
from moto.moto_server import werkzeug_app
from moto.server import main

import moto_operations  # noqa: F401  (registers the CloudFormation types moto skips)
import moto_apigatewayv2  # noqa: F401  (and the HTTP API's: an `api: http` stage)
import moto_cloudfront  # noqa: F401  (and the CloudFront distribution of `cdn: 'true'`)
import moto_cfnlint


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

# A stack update: moto's function update takes the configuration and code but not Architectures or TracingConfig,
# and its role update keeps the inline policies the role was created with. CloudFormation applies the template's.
original_update_function = lambda_models.LambdaFunction.update_from_cloudformation_json.__func__


def update_function(cls, original_resource, new_resource_name, cloudformation_json, account_id, region_name):
    fn = original_update_function(cls, original_resource, new_resource_name, cloudformation_json, account_id, region_name)
    properties = cloudformation_json["Properties"]
    if "Architectures" in properties:
        fn.architectures = properties["Architectures"]
    fn.tracing_config = properties.get("TracingConfig", {"Mode": "PassThrough"})
    return fn


lambda_models.LambdaFunction.update_from_cloudformation_json = classmethod(update_function)

original_update_role = iam_models.Role.update_from_cloudformation_json.__func__


def update_role(cls, original_resource, new_resource_name, cloudformation_json, account_id, region_name):
    role = original_update_role(cls, original_resource, new_resource_name, cloudformation_json, account_id, region_name)
    policies = cloudformation_json["Properties"].get("Policies", [])
    wanted = {policy["PolicyName"] for policy in policies}
    for name in [name for name in role.policies if name not in wanted]:
        role.delete_policy(name)
    for policy in policies:
        role.put_policy(policy["PolicyName"], policy["PolicyDocument"])
    return role


iam_models.Role.update_from_cloudformation_json = classmethod(update_role)

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

original_resource_map_update = cloudformation_parsing.ResourceMap.update


def resource_map_update(self, template, parameters=None):
    removed = self.build_resource_diff(template, parameters)["Remove"]
    original_resource_map_update(self, template, parameters)
    for logical_name in removed:
        self._parsed_resources.pop(logical_name, None)


cloudformation_parsing.ResourceMap.update = resource_map_update

def delete_rest_api(self, account_id, region_name):
    apigateway_models.apigateway_backends[account_id][region_name].delete_rest_api(self.id)


apigateway_models.RestAPI.delete = delete_rest_api

# ValidateTemplate runs cfn-lint over the template in moto's process: 2-3 s of CPU per stack (moto_cfnlint.py), on
# every deploy.
# - The same template gives the same findings, so a template seen before is answered from what its first validation
#   found. Seen before means the same text but for what the framework stamps with each deploy's time: the S3 keys
#   of the artifacts and the API deployment's logical id (the core stack's redeploy, which must change nothing).
# - The deploy check's upgrade first deploys the last released layout, whose templates were linted when it was
#   released. While the file MOTO_LINT_PAUSE_FILE names exists, a template is only parsed, as AWS's own
#   ValidateTemplate does, and cfn-lint's CPU goes to what this code deploys.
original_validate_template = models.CloudFormationBackend.validate_template
validated = {}
LINT_PAUSE_FILE = os.environ.get("MOTO_LINT_PAUSE_FILE", "")
DEPLOY_STAMPS = [
    (re.compile(r"/\d{13}-\d{4}-\d\d-\d\dT[\d:.]+Z/"), "/<deployment>/"),
    (re.compile(r"ApiGatewayDeployment\d+"), "ApiGatewayDeployment"),
]


def validate_template(self, template):
    text = template.decode("utf-8") if isinstance(template, bytes) else template
    if LINT_PAUSE_FILE and os.path.exists(LINT_PAUSE_FILE):
        json.loads(text)
        return []
    for stamp, replacement in DEPLOY_STAMPS:
        text = stamp.sub(replacement, text)
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if key not in validated:
        validated[key] = original_validate_template(self, template)
    return validated[key]


models.CloudFormationBackend.validate_template = validate_template

# A function's LastModified stayed the time it was created: moto changes the code and configuration of an update
# without it. The Serverless Framework skips a deploy whose artifacts and template did not change only if no
# artifact is newer than the functions' LastModified, so after an upgrade (the functions made by the released
# layout, their code replaced by this one) every later deploy of unchanged code went through again. AWS sets it on
# every code or configuration update.

def touching_last_modified(update):
    def updated(self, *args, **kwargs):
        answer = update(self, *args, **kwargs)
        self.last_modified = iso_8601_datetime_with_nanoseconds()
        return {**answer, "LastModified": self.last_modified} if isinstance(answer, dict) else answer

    return updated


lambda_models.LambdaFunction.update_function_code = touching_last_modified(
    lambda_models.LambdaFunction.update_function_code
)
lambda_models.LambdaFunction.update_configuration = touching_last_modified(
    lambda_models.LambdaFunction.update_configuration
)

# A DynamoDB write on a table with a stream event source mapping hands the stream records to moto's Lambda backend,
# which serialises them with json.dumps: a binary attribute (a posting item's set of offsets) is bytes there, and the
# TypeError cancelled the whole transaction (an admin create-user on a deployed stage). AWS puts binary values in a
# stream record base64-encoded; moto's Lambda module gets a json whose dumps does the same.
class JsonWithBinary:
    """The json module, with bytes encoded as AWS encodes binary attribute values in a stream record."""

    def __getattr__(self, name):
        return getattr(json, name)

    @staticmethod
    def dumps(value, *args, **kwargs):
        def binary(item):
            if isinstance(item, (bytes, bytearray)):
                return base64.b64encode(item).decode("ascii")
            if isinstance(item, set):
                return sorted(item, key=repr)
            raise TypeError(f"Object of type {type(item).__name__} is not JSON serializable")

        kwargs.setdefault("default", binary)
        return json.dumps(value, *args, **kwargs)


lambda_models.json = JsonWithBinary()

# One request at a time. moto_server answers each request on a thread of its own, and its backends (and the patches
# above: share_exports walks every stack) keep plain dicts without locks; the deploy check deploys its http stage
# beside the REST stage, so two deploys' requests arrive at once. Serialised, each sees the state the one before
# left, as with one deploy; only the deploys' own work (packaging, waiting) overlaps.
answering = threading.Lock()
original_dispatch = werkzeug_app.DomainDispatcherApplication.__call__


def dispatch_one_at_a_time(self, environ, start_response):
    with answering:
        return original_dispatch(self, environ, start_response)


werkzeug_app.DomainDispatcherApplication.__call__ = dispatch_one_at_a_time

# What moto spends its CPU on besides our work, measured by sampling its threads during a deploy check (186 s, about
# 90 s of moto's CPU): half of every answer was moto and cfn-lint reading templates, and a tenth was bookkeeping.
# - Every template the Serverless Framework sends is JSON, yet moto's CloudFormation reads it with PyYAML's pure-Python
#   loader (a JSON document is YAML too), and so does cfn-lint before it lints: a JSON template is read as JSON
#   first, with the same result, and YAML stays the fallback.
# - moto lists its own package folder (a stat per service) on every request to find the backend a host names.
# - werkzeug logs each request to a pipe nobody reads; warnings still show.


class JsonFirstYaml:
    """The yaml module, reading a JSON document with the json module (moto's CloudFormation parses templates)."""

    def __getattr__(self, name):
        return getattr(yaml, name)

    @staticmethod
    def load(stream, Loader=None):
        if isinstance(stream, (str, bytes)) and stream.lstrip()[:1] in ("{", b"{"):
            try:
                return json.loads(stream)
            except ValueError:
                pass
        return yaml.load(stream, Loader=Loader)


models.yaml = JsonFirstYaml()
cloudformation_responses.yaml = models.yaml

# cfn-lint, which ValidateTemplate runs, reads a JSON template as JSON too, and spends less on its own bookkeeping
# (moto_cfnlint.py: the same findings).
moto_cfnlint.install(models)

MOTO_MODULES = tuple(moto_backends.list_of_moto_modules())
moto_backends.list_of_moto_modules = lambda: MOTO_MODULES

logging.getLogger("werkzeug").setLevel(logging.WARNING)

if __name__ == "__main__":
    main(sys.argv[1:])
