"""moto_server with two CloudFormation gaps closed, for `npm run deploy:check` only (docs/deploy.md,
"What moto cannot do"). Run as `python3 moto-server.py -p PORT`, it takes moto_server's own arguments.

moto 5 registers a stack's exports only when the stack is created, rebuilds its outputs only on a direct
UpdateStack, and lets a stack created through a change set (or while no export exists) see no other stack's
exports. The Serverless Framework creates every stack with just its deployment bucket and then adds
everything else through a change set, so without this no output or export of ours would ever exist there
and no domain stack could import the core's REST API. AWS does all three.
"""
import sys

from moto.cloudformation import models
from moto.server import main


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

if __name__ == "__main__":
    main(sys.argv[1:])
