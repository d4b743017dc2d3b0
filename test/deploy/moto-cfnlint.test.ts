import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';

const run = promisify(execFile);

/**
 * scripts/lib/moto_cfnlint.py makes moto's cfn-lint cheaper (rules made once, validator classes made once per kind,
 * dataclass fields looked up once). Its promise is that cfn-lint finds exactly what it finds without it: checked
 * here by linting templates with cfn-lint's own code first, then through the installed paths, in one process, in
 * an order where the second template reuses what the first made.
 */
const CHECK = `
import json, sys, types
sys.path.insert(0, sys.argv[1])
from cfnlint.api import lint
from cfnlint.core import get_rules

def function(name, **properties):
    base = {"Runtime": "nodejs22.x", "Handler": "index.handler", "Code": {"ZipFile": "exports.handler = 1"},
            "Role": {"Fn::GetAtt": ["Role", "Arn"]}, "MemorySize": 1024, "Timeout": 6}
    return name, {"Type": "AWS::Lambda::Function", "Properties": {**base, **properties}}

role = {"Type": "AWS::IAM::Role", "Properties": {"AssumeRolePolicyDocument": {"Version": "2012-10-17", "Statement": [
    {"Effect": "Allow", "Principal": {"Service": "lambda.amazonaws.com"}, "Action": "sts:AssumeRole"}]}}}
clean = {"AWSTemplateFormatVersion": "2010-09-09", "Resources": dict([("Role", role), function("One"), function("Two")])}
broken = {"AWSTemplateFormatVersion": "2010-09-09", "Parameters": {"Unused": {"Type": "String"}}, "Resources": dict([
    ("Role", role),
    function("BadRuntime", Runtime="nodejs99.x"),
    function("BadMemory", MemorySize="lots"),
    function("MissingRole", Role={"Fn::GetAtt": ["NoSuchRole", "Arn"]}),
    function("LongTimeout", Timeout=9000),
    ("Bucket", {"Type": "AWS::S3::Bucket", "Properties": {"BucketName": "UPPER_case_bad", "Nope": 1}}),
])}
templates = [json.dumps(broken), json.dumps(clean), json.dumps(broken, indent=1)]
# A finding: its rule and message, and where (its path in the template). Not its line: JSON read as JSON (the
# json-first decoding) counts lines a little differently from the YAML reader cfn-lint starts with.
found = lambda matches: sorted(f"{match.rule.id} {match.message} {list(getattr(match, 'path', []) or [])}" for match in matches)
plain = [found(lint(text, get_rules([], [], []), ["us-east-1"])) for text in templates]

import moto_cfnlint
backend = types.SimpleNamespace()
moto_cfnlint.install(backend)
faster = [found(backend.validate_template_cfn_lint(text)) for text in templates]
print(json.dumps({"plain": plain, "faster": faster, "installed": {
    "create": moto_cfnlint.cfnlint_validators.create.__name__,
    "fields": moto_cfnlint.cfnlint_context.fields is moto_cfnlint.fields,
}}))
`;

describe("moto's cfn-lint made cheaper (scripts/lib/moto_cfnlint.py)", () => {
  it('finds exactly what cfn-lint alone finds, on a broken template, a clean one and the broken one again', async () => {
    const { stdout } = await run('python3', ['-c', CHECK, join(repoRoot, 'scripts/lib')], { timeout: 120_000 });
    const { plain, faster, installed } = JSON.parse(stdout) as {
      plain: string[][];
      faster: string[][];
      installed: { create: string; fields: boolean };
    };
    // The broken template has findings of several rules (else agreeing would prove little), the clean one none.
    expect(plain[0]!.length).toBeGreaterThanOrEqual(5);
    expect(plain[1]).toEqual([]);
    expect(faster).toEqual(plain);
    // And the faster paths were the ones used.
    expect(installed).toEqual({ create: 'create_once', fields: true });
  }, 150_000);
});
