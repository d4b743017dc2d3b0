"""The CloudFront resource types moto 5's CloudFormation does not create, for `npm run deploy:check` and a deploy
by hand on the emulator only (imported by moto-server.py; docs/deploy.md, "What moto cannot do"). moto serves
CloudFront's distribution calls (GetDistribution, GetDistributionConfig, ListDistributions) but registers no
CloudFormation model for AWS::CloudFront::*, so a `cdn: 'true'` stage's template deployed no distribution and no
warning said so. A distribution is created and deleted through moto's own cloudfront backend, its template's
lists turned into the API's {Quantity, Items} shapes, as CloudFormation does on AWS; moto has no cache or origin
request policies at all, so those two are kept here (their Ref is an id, as on AWS) to be read back by id.
moto serves no distribution's traffic: requests to its domain name are not answered.
"""
import uuid

from moto.cloudfront.models import cloudfront_backends
from moto.core.common_models import CloudFormationModel

from moto_operations import Applied, Emulated

# Policies by id: what GetCachePolicy / GetOriginRequestPolicy would answer (read back through /moto-cloudfront/).
POLICIES = {}


def backend_of(account_id):
    return cloudfront_backends[account_id]["aws"]


def listed(items):
    return {"Quantity": len(items), "Items": items}


def api_behaviour(behaviour):
    """A cache behaviour of the template in the API's shape."""
    methods = behaviour.get("AllowedMethods", ["GET", "HEAD"])
    cached = behaviour.get("CachedMethods", ["GET", "HEAD"])
    shaped = {k: v for k, v in behaviour.items() if k not in ("AllowedMethods", "CachedMethods")}
    shaped["AllowedMethods"] = {**listed(methods), "CachedMethods": listed(cached)}
    return shaped


def api_origin(origin):
    shaped = dict(origin)
    custom = origin.get("CustomOriginConfig")
    if custom is not None:
        shaped["CustomOriginConfig"] = {
            "HTTPPort": custom.get("HTTPPort", 80),
            "HTTPSPort": custom.get("HTTPSPort", 443),
            "OriginProtocolPolicy": custom["OriginProtocolPolicy"],
            "OriginSslProtocols": listed(custom.get("OriginSSLProtocols", ["TLSv1.2"])),
        }
    return shaped


def api_config(config, reference):
    shaped = {k: v for k, v in config.items() if k not in ("Origins", "CacheBehaviors", "DefaultCacheBehavior", "IPV6Enabled")}
    shaped["CallerReference"] = reference
    shaped["Origins"] = listed([api_origin(o) for o in config["Origins"]])
    shaped["DefaultCacheBehavior"] = api_behaviour(config["DefaultCacheBehavior"])
    shaped["CacheBehaviors"] = listed([api_behaviour(b) for b in config.get("CacheBehaviors", [])])
    shaped["IsIPV6Enabled"] = config.get("IPV6Enabled", True)
    return shaped


class Distribution(Emulated, CloudFormationModel):
    __module__ = "moto.cloudfront.emulated"
    ATTRIBUTES = ("DomainName", "Id")

    @staticmethod
    def cloudformation_type():
        return "AWS::CloudFront::Distribution"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = backend_of(account_id)
        dist, _, _ = backend.create_distribution(api_config(p["DistributionConfig"], str(uuid.uuid4())), [])
        return Applied(
            dist.distribution_id,
            lambda: backend.distributions.pop(dist.distribution_id, None),
            {"DomainName": dist.domain_name, "Id": dist.distribution_id},
        )


class Policy(Emulated):
    ATTRIBUTES = ("Id", "LastModifiedTime")
    KIND = ""

    @classmethod
    def create(cls, p, account_id, region_name):
        policy_id = str(uuid.uuid4())
        POLICIES[policy_id] = {"Kind": cls.KIND, **p}
        return Applied(policy_id, lambda: POLICIES.pop(policy_id, None), {"Id": policy_id, "LastModifiedTime": ""})


class CachePolicy(Policy, CloudFormationModel):
    __module__ = "moto.cloudfront.emulated"
    KIND = "CachePolicy"

    @staticmethod
    def cloudformation_type():
        return "AWS::CloudFront::CachePolicy"


class OriginRequestPolicy(Policy, CloudFormationModel):
    __module__ = "moto.cloudfront.emulated"
    KIND = "OriginRequestPolicy"

    @staticmethod
    def cloudformation_type():
        return "AWS::CloudFront::OriginRequestPolicy"
