import type { LambdaHandler } from '../lib/http/api-handler.js';
import { handler as membershipsDelete } from './memberships/delete.js';
import { handler as membershipsGet } from './memberships/get.js';
import { handler as membershipsList } from './memberships/list.js';
import { handler as membershipsUpdate } from './memberships/update.js';
import { handler as usergroupsCreate } from './usergroups/create.js';
import { handler as usergroupsDelete } from './usergroups/delete.js';
import { handler as usergroupsGet } from './usergroups/get.js';
import { handler as usergroupsList } from './usergroups/list.js';
import { handler as usergroupsUpdate } from './usergroups/update.js';
import { handler as usersCreate } from './users/create.js';
import { handler as usersDelete } from './users/delete.js';
import { handler as usersGet } from './users/get.js';
import { handler as usersList } from './users/list.js';
import { handler as usersUpdate } from './users/update.js';
import { handler as versionGet } from './version/get.js';
import { handler as ordersList } from './orders/list.js';
import { handler as ordersGet } from './orders/get.js';
import { handler as ordersCreate } from './orders/create.js';
import { handler as ordersUpdate } from './orders/update.js';
import { handler as ordersDelete } from './orders/delete.js';
import { handler as paymentsList } from './payments/list.js';
import { handler as paymentsGet } from './payments/get.js';
import { handler as paymentsCreate } from './payments/create.js';
import { handler as paymentsUpdate } from './payments/update.js';
import { handler as paymentsDelete } from './payments/delete.js';
import { handler as shippingsList } from './shippings/list.js';
import { handler as shippingsGet } from './shippings/get.js';
import { handler as shippingsCreate } from './shippings/create.js';
import { handler as shippingsUpdate } from './shippings/update.js';
import { handler as shippingsDelete } from './shippings/delete.js';
import { handler as statusesList } from './statuses/list.js';
import { handler as statusesGet } from './statuses/get.js';
import { handler as statusesCreate } from './statuses/create.js';
import { handler as statusesUpdate } from './statuses/update.js';
import { handler as statusesDelete } from './statuses/delete.js';
import { handler as categoriesList } from './categories/list.js';
import { handler as categoriesGet } from './categories/get.js';
import { handler as categoriesCreate } from './categories/create.js';
import { handler as categoriesUpdate } from './categories/update.js';
import { handler as categoriesDelete } from './categories/delete.js';
import { handler as productsList } from './products/list.js';
import { handler as productsGet } from './products/get.js';
import { handler as productsCreate } from './products/create.js';
import { handler as productsUpdate } from './products/update.js';
import { handler as productsDelete } from './products/delete.js';
import { handler as featuresList } from './features/list.js';
import { handler as featuresGet } from './features/get.js';
import { handler as featuresCreate } from './features/create.js';
import { handler as featuresUpdate } from './features/update.js';
import { handler as featuresDelete } from './features/delete.js';
import { handler as categoriesProducts } from './categories/products.js';
import { handler as productsFeatures } from './products/features.js';
import { handler as optionsList } from './options/list.js';
import { handler as optionsGet } from './options/get.js';
import { handler as optionsCreate } from './options/create.js';
import { handler as optionsUpdate } from './options/update.js';
import { handler as optionsDelete } from './options/delete.js';
import { handler as exceptionsList } from './exceptions/list.js';
import { handler as exceptionsGet } from './exceptions/get.js';
import { handler as exceptionsCreate } from './exceptions/create.js';
import { handler as exceptionsUpdate } from './exceptions/update.js';
import { handler as exceptionsDelete } from './exceptions/delete.js';
import { handler as combinationsList } from './combinations/list.js';
import { handler as combinationsGet } from './combinations/get.js';
import { handler as combinationsCreate } from './combinations/create.js';
import { handler as combinationsUpdate } from './combinations/update.js';
import { handler as combinationsDelete } from './combinations/delete.js';
import { handler as storesList } from './stores/list.js';
import { handler as storesGet } from './stores/get.js';
import { handler as storesCreate } from './stores/create.js';
import { handler as storesUpdate } from './stores/update.js';
import { handler as storesDelete } from './stores/delete.js';
import { handler as vendorsList } from './vendors/list.js';
import { handler as vendorsGet } from './vendors/get.js';
import { handler as vendorsCreate } from './vendors/create.js';
import { handler as vendorsUpdate } from './vendors/update.js';
import { handler as vendorsDelete } from './vendors/delete.js';
import { handler as callRequestsList } from './call_requests/list.js';
import { handler as callRequestsGet } from './call_requests/get.js';
import { handler as callRequestsCreate } from './call_requests/create.js';
import { handler as callRequestsUpdate } from './call_requests/update.js';
import { handler as callRequestsDelete } from './call_requests/delete.js';
import { handler as blocksList } from './blocks/list.js';
import { handler as blocksGet } from './blocks/get.js';
import { handler as blocksCreate } from './blocks/create.js';
import { handler as blocksUpdate } from './blocks/update.js';
import { handler as blocksDelete } from './blocks/delete.js';
import { handler as shipmentsList } from './shipments/list.js';
import { handler as shipmentsGet } from './shipments/get.js';
import { handler as shipmentsCreate } from './shipments/create.js';
import { handler as shipmentsUpdate } from './shipments/update.js';
import { handler as shipmentsDelete } from './shipments/delete.js';
import { handler as ordersShipments } from './orders/shipments.js';
import { handler as discussionsList } from './discussions/list.js';
import { handler as discussionsGet } from './discussions/get.js';
import { handler as discussionsCreate } from './discussions/create.js';
import { handler as discussionsUpdate } from './discussions/update.js';
import { handler as discussionsDelete } from './discussions/delete.js';
import { handler as productsDiscussionsList } from './products/discussions-list.js';
import { handler as productsDiscussionsCreate } from './products/discussions-create.js';
import { handler as cartsList } from './carts/list.js';
import { handler as cartsGet } from './carts/get.js';
import { handler as cartsDelete } from './carts/delete.js';
import { handler as authCreate } from './auth/create.js';
import { handler as settingsList } from './settings/list.js';
import { handler as settingsGet } from './settings/get.js';
import { handler as settingsUpdate } from './settings/update.js';
import { handler as taxesList } from './taxes/list.js';
import { handler as taxesGet } from './taxes/get.js';
import { handler as taxesCreate } from './taxes/create.js';
import { handler as taxesUpdate } from './taxes/update.js';
import { handler as taxesDelete } from './taxes/delete.js';
import { handler as pagesList } from './pages/list.js';
import { handler as pagesGet } from './pages/get.js';
import { handler as pagesCreate } from './pages/create.js';
import { handler as pagesUpdate } from './pages/update.js';
import { handler as pagesDelete } from './pages/delete.js';
import { handler as languagesList } from './languages/list.js';
import { handler as languagesGet } from './languages/get.js';
import { handler as languagesCreate } from './languages/create.js';
import { handler as languagesUpdate } from './languages/update.js';
import { handler as languagesDelete } from './languages/delete.js';
import { handler as langvarsList } from './langvars/list.js';
import { handler as langvarsGet } from './langvars/get.js';
import { handler as langvarsCreate } from './langvars/create.js';
import { handler as langvarsUpdate } from './langvars/update.js';
import { handler as langvarsDelete } from './langvars/delete.js';
import { handler as languagesLangvarsList } from './languages/langvars-list.js';
import { handler as languagesLangvarsGet } from './languages/langvars-get.js';
import { handler as languagesLangvarsCreate } from './languages/langvars-create.js';
import { handler as languagesLangvarsUpdate } from './languages/langvars-update.js';
import { handler as languagesLangvarsDelete } from './languages/langvars-delete.js';
import { handler as productVariationsList } from './product_variations/list.js';
import { handler as variationGroupsList } from './product_variations_groups/list.js';
import { handler as variationGroupsVariationsList } from './product_variations_groups/variations-list.js';
import { handler as productVariationsGet } from './product_variations/get.js';
import { handler as variationGroupsGet } from './product_variations_groups/get.js';
import { handler as variationGroupsVariationsGet } from './product_variations_groups/variations-get.js';
import { handler as productVariationsCreate } from './product_variations/create.js';
import { handler as variationGroupsCreate } from './product_variations_groups/create.js';
import { handler as variationGroupsVariationsCreate } from './product_variations_groups/variations-create.js';
import { handler as productVariationsUpdate } from './product_variations/update.js';
import { handler as variationGroupsUpdate } from './product_variations_groups/update.js';
import { handler as variationGroupsVariationsUpdate } from './product_variations_groups/variations-update.js';
import { handler as productVariationsDelete } from './product_variations/delete.js';
import { handler as variationGroupsDelete } from './product_variations_groups/delete.js';
import { handler as variationGroupsVariationsDelete } from './product_variations_groups/variations-delete.js';
import { handler as variationsGenerate } from './generate_product_variations/create.js';
import { handler as productVariationsGenerate } from './product_variations/generate-product-variations.js';
import { handler as variationsDetach } from './detach_product_variation/create.js';
import { handler as productVariationsDetach } from './product_variations/detach-product-variation.js';
import { handler as variationsSetDefault } from './set_default_product_variation/create.js';
import { handler as productVariationsSetDefault } from './product_variations/set-default-product-variation.js';
import { handler as categoriesProductsGet } from './categories/products-get.js';
import { handler as categoriesProductsUpdate } from './categories/products-update.js';
import { handler as categoriesProductsDelete } from './categories/products-delete.js';
import { handler as productsDiscussionsGet } from './products/discussions-get.js';
import { handler as productsDiscussionsUpdate } from './products/discussions-update.js';
import { handler as productsDiscussionsDelete } from './products/discussions-delete.js';
import { handler as productsFeaturesGet } from './products/features-get.js';
import { handler as productsFeaturesUpdate } from './products/features-update.js';
import { handler as productsFeaturesDelete } from './products/features-delete.js';
// --- events (issue 20) ---
import { handler as eventsList } from './events/list.js';
// --- end events ---

/** Every operation's Lambda handler by route key, for the functions that dispatch in-process. */
export const HANDLERS: Readonly<Record<string, LambdaHandler>> = Object.freeze({
  'version.list': versionGet,
  // --- events (issue 20) ---
  'events.list': eventsList,
  // --- end events ---
  'users.list': usersList,
  'users.get': usersGet,
  'users.create': usersCreate,
  'users.update': usersUpdate,
  'users.delete': usersDelete,
  'usergroups.list': usergroupsList,
  'usergroups.get': usergroupsGet,
  'usergroups.create': usergroupsCreate,
  'usergroups.update': usergroupsUpdate,
  'usergroups.delete': usergroupsDelete,
  'users.usergroups.list': membershipsList,
  'users.usergroups.get': membershipsGet,
  'users.usergroups.update': membershipsUpdate,
  'users.usergroups.delete': membershipsDelete,
  'stores.list': storesList,
  'stores.get': storesGet,
  'stores.create': storesCreate,
  'stores.update': storesUpdate,
  'stores.delete': storesDelete,
  'vendors.list': vendorsList,
  'vendors.get': vendorsGet,
  'vendors.create': vendorsCreate,
  'vendors.update': vendorsUpdate,
  'vendors.delete': vendorsDelete,
  'categories.list': categoriesList,
  'categories.get': categoriesGet,
  'categories.create': categoriesCreate,
  'categories.update': categoriesUpdate,
  'categories.delete': categoriesDelete,
  'products.list': productsList,
  'products.get': productsGet,
  'products.create': productsCreate,
  'products.update': productsUpdate,
  'products.delete': productsDelete,
  'features.list': featuresList,
  'features.get': featuresGet,
  'features.create': featuresCreate,
  'features.update': featuresUpdate,
  'features.delete': featuresDelete,
  'categories.products.list': categoriesProducts,
  'products.features.list': productsFeatures,
  'options.list': optionsList,
  'options.get': optionsGet,
  'options.create': optionsCreate,
  'options.update': optionsUpdate,
  'options.delete': optionsDelete,
  'exceptions.list': exceptionsList,
  'exceptions.get': exceptionsGet,
  'exceptions.create': exceptionsCreate,
  'exceptions.update': exceptionsUpdate,
  'exceptions.delete': exceptionsDelete,
  'combinations.list': combinationsList,
  'combinations.get': combinationsGet,
  'combinations.create': combinationsCreate,
  'combinations.update': combinationsUpdate,
  'combinations.delete': combinationsDelete,
  'orders.list': ordersList,
  'orders.get': ordersGet,
  'orders.create': ordersCreate,
  'orders.update': ordersUpdate,
  'orders.delete': ordersDelete,
  'payments.list': paymentsList,
  'payments.get': paymentsGet,
  'payments.create': paymentsCreate,
  'payments.update': paymentsUpdate,
  'payments.delete': paymentsDelete,
  'shippings.list': shippingsList,
  'shippings.get': shippingsGet,
  'shippings.create': shippingsCreate,
  'shippings.update': shippingsUpdate,
  'shippings.delete': shippingsDelete,
  'statuses.list': statusesList,
  'statuses.get': statusesGet,
  'statuses.create': statusesCreate,
  'statuses.update': statusesUpdate,
  'statuses.delete': statusesDelete,
  'call_requests.list': callRequestsList,
  'call_requests.get': callRequestsGet,
  'call_requests.create': callRequestsCreate,
  'call_requests.update': callRequestsUpdate,
  'call_requests.delete': callRequestsDelete,
  'blocks.list': blocksList,
  'blocks.get': blocksGet,
  'blocks.create': blocksCreate,
  'blocks.update': blocksUpdate,
  'blocks.delete': blocksDelete,
  'orders.shipments.list': ordersShipments,
  'shipments.list': shipmentsList,
  'shipments.get': shipmentsGet,
  'shipments.create': shipmentsCreate,
  'shipments.update': shipmentsUpdate,
  'shipments.delete': shipmentsDelete,
  'products.discussions.list': productsDiscussionsList,
  'products.discussions.create': productsDiscussionsCreate,
  'discussions.list': discussionsList,
  'discussions.get': discussionsGet,
  'discussions.create': discussionsCreate,
  'discussions.update': discussionsUpdate,
  'discussions.delete': discussionsDelete,
  'carts.list': cartsList,
  'carts.get': cartsGet,
  'carts.delete': cartsDelete,
  'auth.create': authCreate,
  'settings.list': settingsList,
  'settings.get': settingsGet,
  'settings.update': settingsUpdate,
  'taxes.list': taxesList,
  'taxes.get': taxesGet,
  'taxes.create': taxesCreate,
  'taxes.update': taxesUpdate,
  'taxes.delete': taxesDelete,
  'pages.list': pagesList,
  'pages.get': pagesGet,
  'pages.create': pagesCreate,
  'pages.update': pagesUpdate,
  'pages.delete': pagesDelete,
  'languages.list': languagesList,
  'languages.get': languagesGet,
  'languages.create': languagesCreate,
  'languages.update': languagesUpdate,
  'languages.delete': languagesDelete,
  'langvars.list': langvarsList,
  'langvars.get': langvarsGet,
  'langvars.create': langvarsCreate,
  'langvars.update': langvarsUpdate,
  'langvars.delete': langvarsDelete,
  'languages.langvars.list': languagesLangvarsList,
  'languages.langvars.get': languagesLangvarsGet,
  'languages.langvars.create': languagesLangvarsCreate,
  'languages.langvars.update': languagesLangvarsUpdate,
  'languages.langvars.delete': languagesLangvarsDelete,
  'product_variations.list': productVariationsList,
  'product_variations_groups.list': variationGroupsList,
  'product_variations_groups.product_variations.list': variationGroupsVariationsList,
  'product_variations.get': productVariationsGet,
  'product_variations_groups.get': variationGroupsGet,
  'product_variations_groups.product_variations.get': variationGroupsVariationsGet,
  'product_variations.create': productVariationsCreate,
  'product_variations_groups.create': variationGroupsCreate,
  'product_variations_groups.product_variations.create': variationGroupsVariationsCreate,
  'product_variations.update': productVariationsUpdate,
  'product_variations_groups.update': variationGroupsUpdate,
  'product_variations_groups.product_variations.update': variationGroupsVariationsUpdate,
  'product_variations.delete': productVariationsDelete,
  'product_variations_groups.delete': variationGroupsDelete,
  'product_variations_groups.product_variations.delete': variationGroupsVariationsDelete,
  'generate_product_variations.create': variationsGenerate,
  'product_variations.generate_product_variations.create': productVariationsGenerate,
  'detach_product_variation.create': variationsDetach,
  'product_variations.detach_product_variation.create': productVariationsDetach,
  'set_default_product_variation.create': variationsSetDefault,
  'product_variations.set_default_product_variation.create': productVariationsSetDefault,
  'categories.products.get': categoriesProductsGet,
  'categories.products.update': categoriesProductsUpdate,
  'categories.products.delete': categoriesProductsDelete,
  'products.discussions.get': productsDiscussionsGet,
  'products.discussions.update': productsDiscussionsUpdate,
  'products.discussions.delete': productsDiscussionsDelete,
  'products.features.get': productsFeaturesGet,
  'products.features.update': productsFeaturesUpdate,
  'products.features.delete': productsFeaturesDelete,
});
