import { ORDER_ADDRESS_PARTS } from '../../entities/orders.js';
import { invalidField } from '../../errors.js';
import type { Operation } from '../../http/operation.js';
import { ok } from '../../http/response.js';

/**
 * The profile form of the storefront (CS-Cart's `storefront_rest_api` ProfileFields\Manager, `GET
 * /sra_profile_fields?location=profile|checkout&action=add|update`): sections keyed by CS-Cart's section codes, each
 * `{"description", "fields": [...]}`, in CS-Cart's order — `E` essentials (e-mail; on the profile also `password1`
 * and `password2`, required when registering), `C` contact information, and at checkout `B` billing and `S` shipping
 * address. Only fields this API stores are offered: a user's `email`, `firstname`, `lastname`, `company`, `phone`
 * (lib/entities/users.ts), and an order's `b_*`/`s_*` address parts (lib/entities/orders.ts), which are free text here
 * (the API keeps no country or state lists). Every field is one of CS-Cart's default fields (`is_default` true), so
 * its `field_id` is its `field_name`, the key a POST/PUT /sra_profile body uses.
 */

export const PROFILE_LOCATIONS = ['profile', 'checkout'] as const;
export const PROFILE_ACTIONS = ['add', 'update'] as const;
export type ProfileLocation = (typeof PROFILE_LOCATIONS)[number];
export type ProfileAction = (typeof PROFILE_ACTIONS)[number];

/** CS-Cart's profile field types (`Tygh\Enum\ProfileFieldTypes`) of the fields offered here. */
const TYPES = { input: 'I', email: 'E', phone: 'P', password: 'W', zipcode: 'Z' } as const;

export interface ProfileField {
  field_id: string;
  field_name: string;
  field_type: string;
  section: string;
  description: string;
  required: boolean;
  is_default: true;
  position: string;
  /** The profile's value, in GET /sra_profile's `fields` only (CS-Cart's Hydrator): null when unset. */
  value?: unknown;
}

export interface ProfileSection {
  description: string;
  fields: ProfileField[];
}

type FieldSeed = [name: string, type: string, description: string, required?: boolean];

const CONTACT: FieldSeed[] = [
  ['firstname', TYPES.input, 'First name'],
  ['lastname', TYPES.input, 'Last name'],
  ['company', TYPES.input, 'Company'],
  ['phone', TYPES.phone, 'Phone'],
];

const ADDRESS_WORDS: Record<string, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  address: 'Address',
  address_2: 'Address (line 2)',
  city: 'City',
  county: 'County',
  state: 'State/province (code)',
  country: 'Country (two-letter code)',
  zipcode: 'Zip/postal code',
  phone: 'Phone',
};

const address = (prefix: 'b_' | 's_'): FieldSeed[] =>
  ORDER_ADDRESS_PARTS.map((part) => [
    `${prefix}${part}`,
    part === 'phone' ? TYPES.phone : part === 'zipcode' ? TYPES.zipcode : TYPES.input,
    ADDRESS_WORDS[part] ?? part,
  ]);

function section(code: string, seeds: readonly FieldSeed[]): ProfileField[] {
  return seeds.map(([name, type, description, required = false], position) => ({
    field_id: name,
    field_name: name,
    field_type: type,
    section: code,
    description,
    required,
    is_default: true,
    position: String(position * 10),
  }));
}

/** The form of one location and action, as CS-Cart's Manager::get answers it (sections keyed by code). */
export function profileForm(location: ProfileLocation, action: ProfileAction): Record<string, ProfileSection> {
  const essentials: FieldSeed[] = [['email', TYPES.email, 'E-mail', true]];
  // The passwords belong to the profile only: registering needs one, an update may change it.
  if (location === 'profile')
    essentials.push(
      ['password1', TYPES.password, 'Password', action === 'add'],
      ['password2', TYPES.password, 'Confirm password', action === 'add'],
    );
  const form: Record<string, ProfileSection> = {
    E: { description: 'Essentials', fields: section('E', essentials) },
    C: { description: 'Contact information', fields: section('C', CONTACT) },
  };
  if (location === 'checkout') {
    form.B = { description: 'Billing address', fields: section('B', address('b_')) };
    form.S = { description: 'Shipping address', fields: section('S', address('s_')) };
  }
  return form;
}

/** The form with each field's value from `values` (CS-Cart's Hydrator: null where the profile has none). */
export function hydratedForm(
  form: Record<string, ProfileSection>,
  values: Readonly<Record<string, unknown>>,
): Record<string, ProfileSection> {
  return Object.fromEntries(
    Object.entries(form).map(([code, { description, fields }]) => [
      code,
      {
        description,
        // A password is never shown, not even as its hash: null, as for a field without a value.
        fields: fields.map((field) => ({
          ...field,
          value: field.field_type === TYPES.password ? null : (values[field.field_id] ?? null),
        })),
      },
    ]),
  );
}

/** `location` and `action` of a query: the defaults are CS-Cart's (profile, update); another value is a 400 naming it. */
export function readFormQuery(query: Readonly<Record<string, string>>): {
  location: ProfileLocation;
  action: ProfileAction;
} {
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const sent = query[name];
    if (sent === undefined || sent === '') return fallback;
    if (!(allowed as readonly string[]).includes(sent))
      throw invalidField(name, `The ${name} field must be one of: ${allowed.join(', ')}`);
    return sent as T;
  };
  return {
    location: pick('location', PROFILE_LOCATIONS, 'profile'),
    action: pick('action', PROFILE_ACTIONS, 'update'),
  };
}

/** GET /sra_profile_fields: the form for `location` and `action`; open to guests (registration needs it). */
export const readProfileFields: Operation = async ({ query }) => {
  const { location, action } = readFormQuery(query);
  return ok(profileForm(location, action));
};
