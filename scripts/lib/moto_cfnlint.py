"""cfn-lint inside moto's ValidateTemplate, with the same findings for less CPU (imported by moto-server.py).

moto answers ValidateTemplate by running cfn-lint over the template: the deploy check's proof that every stack's
template is valid, and about two thirds of moto's CPU in a check (some 40 s of a `.ci/run`). Measured on a stack's
template (375 KB, 289 resources) with cProfile, a quarter of each lint was cfn-lint's own bookkeeping, not checking:

- moto builds cfn-lint's rules afresh for every template (`get_rules`, 0.25 s each). The rules are made once here and
  used for every template, as cfn-lint's own command line lints several files with one set.
- cfn-lint makes a new validator class (a dataclass, built by `dataclasses`) for each of about 1,100 schema checks of
  a template, though they come in some ten kinds (the same keyword functions, an equal function filter). A class is
  made once per kind here and handed out again: the class holds nothing but those, so an equal one behaves the same.
- Every `evolve` of a validator or a context (about 140,000 a template) asks `dataclasses.fields` for the fields of
  its class; they are looked up once per class here.

Each lint then took 2.4-2.6 s instead of 3.1-3.5 s, with the very same findings, on the template as packaged and on
a copy broken in six ways (8 findings). test/unit/moto-cfnlint.test.ts compares the findings with cfn-lint's own on
every run. If cfn-lint changes the names this relies on, the part concerned is left as cfn-lint has it.
"""
import dataclasses
import functools

from cfnlint import api as cfnlint_api
from cfnlint.config import configure_logging
from cfnlint.core import get_rules
from cfnlint.decode import cfn_json as cfnlint_json

try:
    from cfnlint.context import context as cfnlint_context
    from cfnlint.jsonschema import validators as cfnlint_validators
except ImportError:  # another cfn-lint layout: its own code, unchanged
    cfnlint_context = cfnlint_validators = None

REGIONS = ["us-east-1"]


@functools.cache
def shared_rules():
    """cfn-lint's default rules (no extra rules, none left out), as moto asks for them, made once."""
    return get_rules([], [], [])


def validate_template(template):
    """moto's validate_template_cfn_lint (moto/cloudformation/utils.py, cfn-lint 1.x), with the rules made once."""
    configure_logging(None, False)
    return cfnlint_api.lint(template, shared_rules(), REGIONS)


original_decode_str = cfnlint_api.decode_str


def json_first_decode_str(text):
    """A JSON template (every one the Serverless Framework sends) read as JSON, not with PyYAML's pure-Python loader."""
    if text.lstrip()[:1] == "{":
        try:
            return cfnlint_json.loads(text), []
        except Exception:  # cfn-lint's JSON errors are its own; the original reports them as it always did
            pass
    return original_decode_str(text)


cached_fields = functools.cache(dataclasses.fields)


def fields(class_or_instance):
    """dataclasses.fields, looked up once per class (a class's fields never change once it is made)."""
    if isinstance(class_or_instance, type):
        return cached_fields(class_or_instance)
    return dataclasses.fields(class_or_instance)


def filter_kind(function_filter):
    """What a function filter does: its class and its settings (it holds nothing else)."""
    if function_filter is None:
        return None
    return (
        type(function_filter),
        tuple(function_filter.group_functions),
        function_filter.add_cfn_lint_keyword,
        function_filter.validate_dynamic_references,
    )


def validator_classes(create):
    """cfn-lint's validator class factory, making one class per kind of validator and handing it out again."""
    made = {}

    def create_once(validators=None, function_filter=None, fn_resolvers=None):
        try:
            kind = (
                tuple(sorted((validators or {}).items(), key=lambda item: item[0])),
                filter_kind(function_filter),
                tuple(sorted((fn_resolvers or {}).items(), key=lambda item: item[0])),
            )
            hash(kind)
        except (AttributeError, TypeError):  # something this does not know how to compare: a class of its own
            return create(validators, function_filter, fn_resolvers)
        if kind not in made:
            made[kind] = create(validators, function_filter, fn_resolvers)
        return made[kind]

    return create_once


def install(cloudformation_models):
    """Puts the faster paths in place: in cfn-lint, and in moto's CloudFormation backend (its models module)."""
    cfnlint_api.decode_str = json_first_decode_str
    cloudformation_models.validate_template_cfn_lint = validate_template
    if cfnlint_validators is not None and hasattr(cfnlint_validators, "create"):
        cfnlint_validators.create = validator_classes(cfnlint_validators.create)
    for module in (cfnlint_validators, cfnlint_context):
        if module is not None and getattr(module, "fields", None) is dataclasses.fields:
            module.fields = fields
