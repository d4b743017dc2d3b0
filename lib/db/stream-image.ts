import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/**
 * A stream record's image (keys, new or old image) as a plain item: the stream hands DynamoDB's attribute-value
 * form (`{ S: … }`, `{ N: … }`), the stores and presenters read items. The one place outside the document client
 * that knows that form, so lib/events needs no AWS SDK.
 */
export function streamImage(raw: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return raw === undefined ? undefined : (unmarshall(raw as Record<string, AttributeValue>) as Record<string, unknown>);
}
