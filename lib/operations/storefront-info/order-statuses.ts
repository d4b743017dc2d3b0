import { statusesEntity } from '../../entities/statuses.js';
import type { Operation } from '../../http/operation.js';
import { ok } from '../../http/response.js';
import { instanceRepository } from '../instance-repository.js';

const statuses = /* @__PURE__ */ instanceRepository(statusesEntity);

/**
 * `GET /sra_order_statuses`: the order statuses (type O) keyed by their letter, each `{status, description,
 * color}` — the add-on's `fn_storefront_rest_api_get_formatted_orders_statuses`; `color` is the status's
 * `params.color` (empty when unset).
 */
export const readOrderStatuses: Operation = async () => {
  const { records } = await statuses.list({
    conditions: [{ rule: { field: 'type', op: 'eq' }, values: ['O'] }],
    sortBy: 'id',
    descending: false,
    page: 1,
  });
  const shown = records
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((record) => {
      const params = (record.params ?? {}) as Record<string, unknown>;
      const status = String(record.status);
      return [status, { status, description: String(record.description ?? ''), color: String(params.color ?? '') }];
    });
  return ok(Object.fromEntries(shown));
};
