import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { totalWriteUnits, type WrittenItem } from '../../../lib/db/billed-units.js';

/**
 * The write units each DynamoDB write of this process costs as AWS bills them (lib/db/billed-units.ts: per
 * started KB of each item, doubled in a transaction, plus its index item), handed to `charge` after the call: how
 * `--rate` (SPEC §12) bounds what an import really writes, whatever an entity's records are made of. An update's
 * item is not in its request: it counts as one small item.
 */
type Input = Record<string, unknown>;
type Item = Record<string, unknown>;

const written = (item: Item | undefined): WrittenItem => ({ after: item ?? { pk: '' } });

/** The items one write request writes (pure). */
export function writtenItems(command: string, input: Input): { items: WrittenItem[]; transactional: boolean } {
  switch (command) {
    case 'PutItemCommand':
      return { items: [written(input.Item as Item)], transactional: false };
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return { items: [written(undefined)], transactional: false };
    case 'BatchWriteItemCommand': {
      const requests = Object.values((input.RequestItems ?? {}) as Record<string, Array<Record<string, Item>>>).flat();
      return {
        items: requests.map((request) => written((request.PutRequest as { Item?: Item } | undefined)?.Item)),
        transactional: false,
      };
    }
    case 'TransactWriteItemsCommand': {
      const actions = (input.TransactItems ?? []) as Array<Record<string, { Item?: Item } | undefined>>;
      return {
        items: actions.map((action) =>
          action.ConditionCheck ? { after: { pk: '' }, checkOnly: true } : written(action.Put?.Item),
        ),
        transactional: true,
      };
    }
    default:
      return { items: [], transactional: false };
  }
}

/** Charges every write call of `client` to `charge` (installed once per process; later calls change the sink). */
let sink: ((units: number) => void) | undefined;
export function meterWrites(client: DynamoDBDocumentClient, charge: (units: number) => void): () => void {
  sink = charge;
  const name = 'importWriteMeter';
  if (!client.middlewareStack.identify().some((entry) => entry.startsWith(name)))
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        const { items, transactional } = writtenItems(String(context.commandName ?? ''), args.input as Input);
        if (items.length > 0) sink?.(totalWriteUnits(items, transactional));
        return result;
      },
      { step: 'initialize', name },
    );
  return () => {
    if (sink === charge) sink = undefined;
  };
}
