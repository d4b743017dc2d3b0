export { readCurrencies, readLanguages } from './lists.js';
export { readOrderStatuses } from './order-statuses.js';
export { readStorefront } from './storefront.js';
