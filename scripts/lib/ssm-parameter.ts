import { DeleteParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';

/** SSM's answer for a parameter that does not exist (the class, or its name across SDK copies). */
export const isParameterNotFound = (error: unknown) =>
  error instanceof ParameterNotFound || (error as Error).name === 'ParameterNotFound';

/** Deletes a stage's parameter when the stage goes: `absent` when there was none. */
export async function deleteParameter(name: string, region: string): Promise<'deleted' | 'absent'> {
  const ssm = new SSMClient({ region });
  try {
    await ssm.send(new DeleteParameterCommand({ Name: name }));
    return 'deleted';
  } catch (error) {
    if (isParameterNotFound(error)) return 'absent';
    throw error;
  } finally {
    ssm.destroy();
  }
}
