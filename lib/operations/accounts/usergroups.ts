import { writeAnswer } from '../../entities/answers.js';
import { type UsergroupStatus, type UsergroupType, usergroupsEntity } from '../../entities/usergroups.js';
import { type FieldValues, readBodyFields, readFilters } from '../../entities/validate.js';
import { ValidationError } from '../../errors.js';
import type { Operation } from '../../http/operation.js';
import { conditionalGet, ifMatchJudge, specificIfMatch } from '../../http/preconditions.js';
import { created, noContent, ok } from '../../http/response.js';
import { guardAdministratorGroup, sentText } from '../guards.js';
import { presentUsergroup } from '../presenters.js';
import { refuseReserved, requireUsergroup, writeJudgedUsergroup } from '../usergroups.js';
import type { AccountStore, UsergroupFields } from './store.js';

const HAS_CUSTOMERS = 'A group with customer members cannot become an administrator group';

/** A usergroup body's fields as the store takes them. */
const groupFields = (fields: FieldValues): UsergroupFields => ({
  type: fields.type as UsergroupType,
  status: fields.status as UsergroupStatus,
  usergroup: fields.usergroup as string | undefined,
});

/** POST /usergroups → 201 {"usergroup_id": N}; ids from 3 upwards, never reused. */
export const createUsergroupOf =
  (store: AccountStore): Operation =>
  async ({ caller, body = {} }) => {
    guardAdministratorGroup(caller, sentText(body, 'type') === 'A');
    const group = await store.createUsergroup(groupFields(readBodyFields(usergroupsEntity, 'create', body)));
    return created(writeAnswer(usergroupsEntity, 'create', group.usergroup_id));
  };

/** GET /usergroups/:id, reserved groups included; privileges shown on administrator groups. */
export const getUsergroupOf =
  (store: AccountStore): Operation =>
  async (request) =>
    conditionalGet(request, ok(presentUsergroup(await requireUsergroup(store, request.route.id), true)));

/** PUT /usergroups/:id → 200 {"usergroup_id": N}; type and status required (SPEC §6). */
export const updateUsergroupOf =
  (store: AccountStore): Operation =>
  async (request) => {
    const { route, caller, body = {} } = request;
    const judgeIfMatch = ifMatchJudge(request);
    const group = await writeJudgedUsergroup(store, route.id, async (current) => {
      refuseReserved(current, 'modified');
      guardAdministratorGroup(caller, current.type === 'A' || sentText(body, 'type') === 'A');
      await judgeIfMatch(() => presentUsergroup(current, true));
      const changes = groupFields(readBodyFields(usergroupsEntity, 'update', body));
      // Becoming an administrator group: prove there are no customer members, and that none joined since (members_rev).
      const becomesAdministrator = current.type !== 'A' && changes.type === 'A';
      if (becomesAdministrator && (await store.hasCustomerMembers(current.usergroup_id))) {
        throw new ValidationError(HAS_CUSTOMERS, [{ field: 'type', message: HAS_CUSTOMERS }]);
      }
      return store.updateUsergroup(current.usergroup_id, changes, {
        type: current.type,
        membersRev: becomesAdministrator ? (current.members_rev ?? 0) : undefined,
        shown: specificIfMatch(request) ? { status: current.status, usergroup: current.usergroup } : undefined,
      });
    });
    return ok({ usergroup_id: group.usergroup_id });
  };

/** DELETE /usergroups/:id → 204; the group's membership links go with it. */
export const deleteUsergroupOf =
  (store: AccountStore): Operation =>
  async (request) => {
    const judgeIfMatch = ifMatchJudge(request);
    await writeJudgedUsergroup(store, request.route.id, async (current) => {
      refuseReserved(current, 'deleted');
      guardAdministratorGroup(request.caller, current.type === 'A');
      await judgeIfMatch(() => presentUsergroup(current, true));
      const shown = specificIfMatch(request) ? { status: current.status, usergroup: current.usergroup } : undefined;
      return store.deleteUsergroup(current.usergroup_id, current.type, shown);
    });
    return noContent();
  };

/** GET /usergroups: a bare object keyed by usergroup_id, filters type/status ANDed, reserved groups never listed (SPEC §3, §6). */
export const listUsergroupsOf =
  (store: AccountStore): Operation =>
  async ({ query }) => {
    const filters = readFilters(usergroupsEntity, query);
    const groups: Record<string, unknown> = {};
    for (const group of await store.listUsergroups()) {
      if (filters.type !== undefined && group.type !== filters.type) continue;
      if (filters.status !== undefined && group.status !== filters.status) continue;
      groups[group.usergroup_id] = presentUsergroup(group, false);
    }
    return ok(groups);
  };
