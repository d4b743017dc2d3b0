/** Which CloudFormation stacks of a stage exist, as `npm run deploy` needs to know for --remove and after a failure. */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';

export const stackNameOf = (stage: string, domain: string) => `store-api-${stage}-${domain}`;

/** Each stack's status, or undefined for a stack that does not exist (DescribeStacks' ValidationError "does not exist"). */
export async function stackStatuses(
  stage: string,
  domains: string[],
  region: string,
): Promise<Map<string, string | undefined>> {
  const cloudFormation = new CloudFormationClient({ region });
  const statuses = new Map<string, string | undefined>();
  try {
    for (const domain of domains) {
      try {
        const { Stacks } = await cloudFormation.send(
          new DescribeStacksCommand({ StackName: stackNameOf(stage, domain) }),
        );
        statuses.set(domain, Stacks?.[0]?.StackStatus === 'DELETE_COMPLETE' ? undefined : Stacks?.[0]?.StackStatus);
      } catch (error) {
        if (!/does not exist/.test((error as Error).message)) throw error;
        statuses.set(domain, undefined);
      }
    }
  } finally {
    cloudFormation.destroy();
  }
  return statuses;
}
