import { vendorsEntity } from '../entities/companies.js';
import { NotFoundError } from '../errors.js';
import type { Operation } from '../http/operation.js';
import { created, ok } from '../http/response.js';
import { createOperation } from './crud.js';
import { instanceRepository } from './instance-repository.js';
import { isMarketplace } from './storefront-visibility.js';

/** One field of the application form, in the shape of CS-Cart's profile fields. */
interface FormField {
  field_id: string;
  field_name: string;
  field_type: string;
  description: string;
  required: boolean;
  is_default: boolean;
}

const field = (name: string, type: string, description: string, required = false): FormField => ({
  field_id: name,
  field_name: name,
  field_type: type,
  description,
  required,
  is_default: true,
});

/**
 * The application form: CS-Cart's vendor fields (types: I input, E e-mail, P phone, T textarea, O country,
 * A state, Z zip code), grouped as the profile fields are — C the contact information, B the address.
 */
const FORM = {
  C: {
    description: 'Contact information',
    fields: [
      field('company', 'I', 'Company', true),
      field('email', 'E', 'E-mail', true),
      field('phone', 'P', 'Phone'),
      field('url', 'I', 'Website'),
    ],
  },
  B: {
    description: 'Address',
    fields: [
      field('address', 'I', 'Address'),
      field('city', 'I', 'City'),
      field('country', 'O', 'Country'),
      field('state', 'A', 'State/province'),
      field('zipcode', 'Z', 'Zip/postal code'),
    ],
  },
};

const FORM_FIELDS = Object.values(FORM).flatMap((section) => section.fields.map((entry) => entry.field_name));

function checkMarketplace(): void {
  if (!isMarketplace()) throw new NotFoundError();
}

/** `GET /vendor_registration`: the form an app shows (Multi-Vendor editions; elsewhere a 404 as an unknown entity). */
export const readRegistrationForm: Operation = async () => {
  checkMarketplace();
  return ok({ fields: FORM });
};

const createVendor = createOperation(instanceRepository(vendorsEntity));

/**
 * `POST /vendor_registration`: a guest's or customer's application makes a vendor company in status N (new, awaiting
 * an administrator, who activates it with `PUT /vendors/:id {"status":"A"}`). Only the form's fields are taken;
 * the company is written by the administration's create (checked as `POST /vendors` checks: `company`, `email`).
 * 201 `{"company_id":N}`.
 */
export const submitRegistration: Operation = async (request) => {
  checkMarketplace();
  const body = request.body ?? {};
  const application = Object.fromEntries(
    FORM_FIELDS.filter((name) => Object.hasOwn(body, name)).map((name) => [name, body[name]]),
  );
  const answer = await createVendor({
    ...request,
    route: { ...request.route, company: undefined },
    body: { ...application, status: 'N' },
  });
  // The create's answer (lib/entities/answers.ts writeAnswer): `company_id` an integer.
  return created({ company_id: (answer.body as { company_id: number }).company_id });
};
