"""CloudFormation resource types moto 5 does not create, for `npm run deploy:check` only (imported by
moto-server.py; docs/deploy.md, "What moto cannot do"). moto has each service's API (CloudWatch alarms, WAFv2,
API Gateway domain names) but its CloudFormation skips these types with a warning, so nothing of the stage's
alarms, WebACL or custom domain would exist to be read back. Each type below is created, updated and deleted
through moto's own backend calls, as CloudFormation does on AWS, and answers Ref and Fn::GetAtt.
"""
from moto.apigateway.models import apigateway_backends
from moto.cloudwatch.models import Dashboard as CloudWatchDashboard
from moto.cloudwatch.models import Dimension, Metric, MetricDataQuery, MetricStat, cloudwatch_backends
from moto.core.common_models import CloudFormationModel
from moto.wafv2.models import wafv2_backends


class Applied:
    """What a stack holds for one resource: its physical id, its attributes, and how to delete it."""

    def __init__(self, physical_resource_id, delete, attributes=None):
        self.physical_resource_id = physical_resource_id
        self._delete = delete
        self._attributes = attributes or {}

    def delete(self, account_id, region_name):
        self._delete()

    def is_created(self):
        return True

    def get_cfn_attribute(self, name):
        if name not in self._attributes:
            raise NotImplementedError(f'"Fn::GetAtt" : [ "{{0}}" , "{name}" ]"')
        return self._attributes[name]


class Emulated:
    """A CloudFormation type created by `create(properties, account_id, region_name) -> Applied`, mixed into a direct
    subclass of CloudFormationModel (moto looks types up among its direct subclasses), with the attributes of
    Fn::GetAtt in ATTRIBUTES. moto's model metaclass names a class's service after its module, hence __module__."""

    ATTRIBUTES = ()

    @classmethod
    def has_cfn_attr(cls, attr):
        return attr in cls.ATTRIBUTES

    @staticmethod
    def cloudformation_name_type():
        return ""

    @classmethod
    def create_from_cloudformation_json(cls, resource_name, cloudformation_json, account_id, region_name, **kwargs):
        return cls.create(cloudformation_json["Properties"], account_id, region_name)

    @classmethod
    def update_from_cloudformation_json(cls, original_resource, new_resource_name, cloudformation_json, account_id, region_name):
        original_resource.delete(account_id, region_name)
        return cls.create(cloudformation_json["Properties"], account_id, region_name)

    @classmethod
    def delete_from_cloudformation_json(cls, resource_name, cloudformation_json, account_id, region_name):
        pass  # Applied.delete did it


def metric_of(spec):
    dimensions = [Dimension(d["Name"], d["Value"]) for d in spec.get("Dimensions", [])]
    return Metric(metric_name=spec["MetricName"], namespace=spec["Namespace"], dimensions=dimensions)


class Alarm(Emulated, CloudFormationModel):
    __module__ = "moto.cloudwatch.emulated"
    ATTRIBUTES = ("Arn",)

    @staticmethod
    def cloudformation_type():
        return "AWS::CloudWatch::Alarm"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = cloudwatch_backends[account_id][region_name]
        queries = [
            MetricDataQuery(
                query_id=q["Id"],
                label=q.get("Label"),
                period=q.get("Period"),
                return_data=q.get("ReturnData"),
                expression=q.get("Expression"),
                metric_stat=MetricStat(metric_of(q["MetricStat"]["Metric"]), q["MetricStat"]["Period"], q["MetricStat"]["Stat"], None) if "MetricStat" in q else None,
            )
            for q in p.get("Metrics", [])
        ]
        alarm = backend.put_metric_alarm(
            name=p["AlarmName"],
            namespace=p.get("Namespace"),
            metric_name=p.get("MetricName"),
            comparison_operator=p["ComparisonOperator"],
            evaluation_periods=int(p["EvaluationPeriods"]),
            period=p.get("Period"),
            threshold=float(p["Threshold"]),
            statistic=p.get("Statistic"),
            description=p.get("AlarmDescription"),
            dimensions=p.get("Dimensions", []),
            alarm_actions=p.get("AlarmActions", []),
            metric_data_queries=queries or None,
            datapoints_to_alarm=p.get("DatapointsToAlarm"),
            extended_statistic=p.get("ExtendedStatistic"),
            ok_actions=p.get("OKActions", []),
            treat_missing_data=p.get("TreatMissingData"),
        )
        return Applied(alarm.name, lambda: backend.delete_alarms([alarm.name]), {"Arn": alarm.alarm_arn})


class WebAcl(Emulated, CloudFormationModel):
    __module__ = "moto.wafv2.emulated"
    ATTRIBUTES = ("Arn", "Id")

    @staticmethod
    def cloudformation_type():
        return "AWS::WAFv2::WebACL"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = wafv2_backends[account_id][region_name]
        acl = backend.create_web_acl(p["Name"], p["VisibilityConfig"], p["DefaultAction"], p["Scope"], p.get("Description"), [], p.get("Rules", []), None, None, None, None, None)
        return Applied(f"{acl.name}|{acl.id}|{p['Scope']}", lambda: backend.wacls.pop(acl.arn, None), {"Arn": acl.arn, "Id": acl.id})


class WebAclAssociation(Emulated, CloudFormationModel):
    __module__ = "moto.wafv2.emulated"
    ATTRIBUTES = ()

    @staticmethod
    def cloudformation_type():
        return "AWS::WAFv2::WebACLAssociation"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = wafv2_backends[account_id][region_name]
        backend.associate_web_acl(p["WebACLArn"], p["ResourceArn"])
        return Applied(p["ResourceArn"], lambda: backend.disassociate_web_acl(p["ResourceArn"]))


class DomainName(Emulated, CloudFormationModel):
    __module__ = "moto.apigateway.emulated"
    ATTRIBUTES = ("RegionalDomainName", "DistributionDomainName")

    @staticmethod
    def cloudformation_type():
        return "AWS::ApiGateway::DomainName"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = apigateway_backends[account_id][region_name]
        name = p["DomainName"]
        domain = backend.create_domain_name(name, None, [], None, None, None, None, None, p.get("RegionalCertificateArn"), p.get("EndpointConfiguration"), p.get("SecurityPolicy"))
        return Applied(name, lambda: backend.domain_names.pop(name, None), {"RegionalDomainName": domain.regional_domain_name, "DistributionDomainName": domain.distribution_domain_name})


class BasePathMapping(Emulated, CloudFormationModel):
    __module__ = "moto.apigateway.emulated"
    ATTRIBUTES = ()

    @staticmethod
    def cloudformation_type():
        return "AWS::ApiGateway::BasePathMapping"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = apigateway_backends[account_id][region_name]
        mapping = backend.create_base_path_mapping(p["DomainName"], p["RestApiId"], p.get("BasePath", ""), p.get("Stage"))
        return Applied(f"{p['DomainName']}/{mapping.base_path}", lambda: backend.base_path_mappings.get(p["DomainName"], {}).pop(mapping.base_path, None))


# A dashboard has no physical id in moto, so deleting its stack deleted no dashboard (moto looked for one named
# None). Its name is its physical id, as on AWS.
CloudWatchDashboard.physical_resource_id = property(lambda self: self.name)
