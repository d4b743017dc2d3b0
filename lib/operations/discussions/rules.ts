import { type FieldError, invalidField, ValidationError } from '../../errors.js';
import { blankSent } from '../../http/blank-sent.js';

/** The storage of the objects a post may be about; E (testimonials) has none, its object_id is 0. */
export const OBJECT_STORAGE: Readonly<Record<string, string | undefined>> = {
  P: 'product',
  C: 'category',
  A: 'page',
  O: 'order',
  M: 'company',
};

/** A post names its thread, or the object it is about (object_type, object_id) and the poster's name. */
export function checkNewThread(body: Record<string, unknown>): void {
  const missing: FieldError[] = ['object_type', 'object_id', 'name']
    .filter((field) => blankSent(body[field]))
    .map((field) => ({ field, message: `The ${field} field is required` }));
  if (missing.length > 0) throw ValidationError.forFields(missing);
}

/** Whether a body names an existing thread (thread_id), not an object. */
export const namesThread = (body: Record<string, unknown>) => !blankSent(body.thread_id);

/** A post says something: a message or a rating (CS-Cart's check), and a rating is 0 to 5. */
export function checkContent(body: Record<string, unknown>, values: { rating_value?: number }): void {
  if (blankSent(body.message) && blankSent(body.rating_value)) {
    throw ValidationError.forFields([{ field: 'rating_value', message: 'The rating_value/message field is required' }]);
  }
  checkRating(values);
}

export function checkRating(values: { rating_value?: number }): void {
  if (values.rating_value !== undefined && values.rating_value > 5)
    throw invalidField('rating_value', 'The rating_value field must be between 0 and 5');
}
