"""The API Gateway v2 (HTTP API) resource types moto 5's CloudFormation does not create, for `npm run deploy:check`
only (imported by moto-server.py; docs/deploy.md, "What moto cannot do"). moto serves the HTTP API management
calls (GetApis, GetRoutes, GetIntegrations, GetStages, GetDomainNames, GetApiMappings) but registers no
CloudFormation model for AWS::ApiGatewayV2::*, so an `api: http` stage's template deployed nothing of its API and
no warning said so. Each type below is created, updated and deleted through moto's own apigatewayv2 backend, as
CloudFormation does on AWS, and answers Ref and Fn::GetAtt; the check then reads them back through the ordinary
API, and its router (scripts/lib/http-api-router.ts) sends payload-2.0 requests to the functions they name.
"""
from moto.apigatewayv2.models import apigatewayv2_backends
from moto.core.common_models import CloudFormationModel

from moto_operations import Applied, Emulated


def backend_of(account_id, region_name):
    return apigatewayv2_backends[account_id][region_name]


class HttpApi(Emulated, CloudFormationModel):
    __module__ = "moto.apigatewayv2.emulated"
    ATTRIBUTES = ("ApiId", "ApiEndpoint")

    @staticmethod
    def cloudformation_type():
        return "AWS::ApiGatewayV2::Api"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = backend_of(account_id, region_name)
        api = backend.create_api(
            api_key_selection_expression=p.get("ApiKeySelectionExpression"),
            cors_configuration=p.get("CorsConfiguration"),
            description=p.get("Description"),
            disable_schema_validation=p.get("DisableSchemaValidation"),
            disable_execute_api_endpoint=p.get("DisableExecuteApiEndpoint"),
            name=p["Name"],
            protocol_type=p.get("ProtocolType", "HTTP"),
            route_selection_expression=p.get("RouteSelectionExpression"),
            tags=p.get("Tags", {}),
            version=p.get("Version"),
        )
        return Applied(
            api.api_id,
            lambda: backend.apis.pop(api.api_id, None),
            {"ApiId": api.api_id, "ApiEndpoint": api.api_endpoint},
        )


class HttpApiStage(Emulated, CloudFormationModel):
    __module__ = "moto.apigatewayv2.emulated"

    @staticmethod
    def cloudformation_type():
        return "AWS::ApiGatewayV2::Stage"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = backend_of(account_id, region_name)
        lower = lambda d: {k[0].lower() + k[1:]: v for k, v in (d or {}).items()}  # noqa: E731
        config = {
            "stageName": p["StageName"],
            "autoDeploy": p.get("AutoDeploy"),
            "description": p.get("Description"),
            "stageVariables": p.get("StageVariables", {}),
            "tags": p.get("Tags", {}),
        }
        if "DefaultRouteSettings" in p:
            config["defaultRouteSettings"] = lower(p["DefaultRouteSettings"])
        if "AccessLogSettings" in p:
            config["accessLogSettings"] = lower(p["AccessLogSettings"])
        api_id = p["ApiId"]
        backend.create_stage(api_id, config)
        return Applied(p["StageName"], lambda: api_id in backend.apis and backend.apis[api_id].stages.pop(p["StageName"], None))


class HttpApiIntegration(Emulated, CloudFormationModel):
    __module__ = "moto.apigatewayv2.emulated"

    @staticmethod
    def cloudformation_type():
        return "AWS::ApiGatewayV2::Integration"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = backend_of(account_id, region_name)
        api_id = p["ApiId"]
        integration = backend.create_integration(
            api_id=api_id,
            connection_id=p.get("ConnectionId"),
            connection_type=p.get("ConnectionType"),
            content_handling_strategy=p.get("ContentHandlingStrategy"),
            credentials_arn=p.get("CredentialsArn"),
            description=p.get("Description"),
            integration_method=p.get("IntegrationMethod"),
            integration_subtype=p.get("IntegrationSubtype"),
            integration_type=p["IntegrationType"],
            integration_uri=p.get("IntegrationUri"),
            passthrough_behavior=p.get("PassthroughBehavior"),
            payload_format_version=p.get("PayloadFormatVersion"),
            request_parameters=p.get("RequestParameters"),
            request_templates=p.get("RequestTemplates"),
            response_parameters=p.get("ResponseParameters"),
            template_selection_expression=p.get("TemplateSelectionExpression"),
            timeout_in_millis=p.get("TimeoutInMillis"),
            tls_config=p.get("TlsConfig"),
        )
        # moto stores the timeout as given; the API answers it as a number.
        integration.timeout_in_millis = int(p.get("TimeoutInMillis", 30000))
        return Applied(
            integration.id,
            lambda: api_id in backend.apis and backend.apis[api_id].integrations.pop(integration.id, None),
        )


class HttpApiRoute(Emulated, CloudFormationModel):
    __module__ = "moto.apigatewayv2.emulated"

    @staticmethod
    def cloudformation_type():
        return "AWS::ApiGatewayV2::Route"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = backend_of(account_id, region_name)
        api_id = p["ApiId"]
        route = backend.create_route(
            api_id=api_id,
            api_key_required=p.get("ApiKeyRequired", False),
            authorization_scopes=p.get("AuthorizationScopes", []),
            authorization_type=p.get("AuthorizationType", "NONE"),
            authorizer_id=p.get("AuthorizerId"),
            model_selection_expression=p.get("ModelSelectionExpression"),
            operation_name=p.get("OperationName"),
            request_models=p.get("RequestModels"),
            request_parameters=p.get("RequestParameters"),
            route_key=p["RouteKey"],
            route_response_selection_expression=p.get("RouteResponseSelectionExpression"),
            target=p.get("Target"),
        )
        return Applied(route.route_id, lambda: api_id in backend.apis and backend.apis[api_id].routes.pop(route.route_id, None))


class HttpApiDomainName(Emulated, CloudFormationModel):
    __module__ = "moto.apigatewayv2.emulated"
    ATTRIBUTES = ("RegionalDomainName", "RegionalHostedZoneId")

    @staticmethod
    def cloudformation_type():
        return "AWS::ApiGatewayV2::DomainName"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = backend_of(account_id, region_name)
        name = p["DomainName"]
        backend.create_domain_name(name, p.get("DomainNameConfigurations", []), p.get("MutualTlsAuthentication"), p.get("Tags", {}))
        regional = f"d-{abs(hash(name)) % 10**10:010d}.execute-api.{region_name}.amazonaws.com"
        return Applied(
            name,
            lambda: backend.domain_names.pop(name, None),
            {"RegionalDomainName": regional, "RegionalHostedZoneId": "Z1UJRXOUMOOFQ8"},
        )


class HttpApiMapping(Emulated, CloudFormationModel):
    __module__ = "moto.apigatewayv2.emulated"

    @staticmethod
    def cloudformation_type():
        return "AWS::ApiGatewayV2::ApiMapping"

    @classmethod
    def create(cls, p, account_id, region_name):
        backend = backend_of(account_id, region_name)
        mapping = backend.create_api_mapping(p["ApiId"], p.get("ApiMappingKey", ""), p["DomainName"], p["Stage"])
        return Applied(
            mapping.api_mapping_id,
            lambda: backend.api_mappings.pop(mapping.api_mapping_id, None),
        )
