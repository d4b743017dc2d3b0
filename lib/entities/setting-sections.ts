/**
 * The settings a store starts with: a realistic part of CS-Cart's settings objects (the recording's
 * `settings`), with CS-Cart's object ids, section ids and names where the recording shows them (the
 * Company section 5: `company_name` is 31, `company_phone_2` 29). Each is seeded once with its fixed id
 * (lib/db/entity-store.ts seedRecord), so a changed value survives every later start.
 *
 * Types: I input, T textarea, L phone, X country, W state, P password (text); C checkbox (Y/N);
 * S select box and R radio group (one of `variants`); U number.
 */
export interface SettingSeed {
  id: number;
  name: string;
  type: string;
  position: number;
  description: string;
  value: string;
  variants?: string[];
}

export interface Section {
  id: number;
  name: string;
  editionType: string;
  settings: SettingSeed[];
}

export const SETTING_SECTIONS: readonly Section[] = [
  {
    id: 2,
    name: 'General',
    editionType: 'ROOT,ULT:VENDOR',
    settings: [
      { id: 1, name: 'use_email_as_login', type: 'C', position: 10, description: 'Use email as login', value: 'Y' },
      {
        id: 2,
        name: 'approve_user_profiles',
        type: 'C',
        position: 20,
        description: 'Approve new user profiles',
        value: 'N',
      },
      { id: 3, name: 'inventory_tracking', type: 'C', position: 30, description: 'Track inventory', value: 'Y' },
      {
        id: 4,
        name: 'allow_negative_amount',
        type: 'C',
        position: 40,
        description: 'Allow negative amount in inventory',
        value: 'N',
      },
      { id: 5, name: 'min_order_amount', type: 'U', position: 50, description: 'Minimum order amount', value: '0' },
      { id: 6, name: 'weight_symbol', type: 'I', position: 60, description: 'Weight symbol', value: 'lbs' },
      {
        id: 7,
        name: 'weight_symbol_grams',
        type: 'U',
        position: 70,
        description: 'Grams in the unit of weight defined by the weight symbol',
        value: '453.6',
      },
      {
        id: 8,
        name: 'feedback_type',
        type: 'R',
        position: 80,
        description: 'Feedback type',
        value: 'manual',
        variants: ['auto', 'manual'],
      },
      { id: 9, name: 'order_start_id', type: 'U', position: 90, description: 'Order ID starting value', value: '1' },
    ],
  },
  {
    id: 3,
    name: 'Appearance',
    editionType: 'ROOT,ULT:VENDOR',
    settings: [
      {
        id: 10,
        name: 'admin_elements_per_page',
        type: 'U',
        position: 10,
        description: 'Elements per page in the administration panel',
        value: '50',
      },
      { id: 11, name: 'products_per_page', type: 'U', position: 20, description: 'Products per page', value: '12' },
      {
        id: 12,
        name: 'default_products_view',
        type: 'S',
        position: 30,
        description: 'Default product list view',
        value: 'products_multicolumns',
        variants: ['products_multicolumns', 'products_without_options', 'short_list'],
      },
      {
        id: 13,
        name: 'show_prices_taxed_clean',
        type: 'C',
        position: 40,
        description: 'Display prices with taxes on category/product pages',
        value: 'N',
      },
      {
        id: 14,
        name: 'date_format',
        type: 'S',
        position: 50,
        description: 'Date format',
        value: '%m/%d/%Y',
        variants: ['%m/%d/%Y', '%d/%m/%Y', '%Y/%m/%d', '%d.%m.%Y'],
      },
      {
        id: 15,
        name: 'time_format',
        type: 'S',
        position: 60,
        description: 'Time format',
        value: '%H:%M',
        variants: ['%H:%M', '%I:%M %p'],
      },
      {
        id: 16,
        name: 'calendar_week_format',
        type: 'S',
        position: 70,
        description: 'Calendar week format',
        value: 'sunday_first',
        variants: ['sunday_first', 'monday_first'],
      },
      {
        id: 17,
        name: 'display_track_orders',
        type: 'C',
        position: 80,
        description: 'Display "Track my order" link',
        value: 'Y',
      },
    ],
  },
  {
    id: 5,
    name: 'Company',
    editionType: 'ROOT,ULT:VENDOR',
    settings: [
      { id: 31, name: 'company_name', type: 'I', position: 0, description: 'Company name', value: 'CS-Cart' },
      { id: 32, name: 'company_address', type: 'I', position: 10, description: 'Address', value: '44 Main street' },
      { id: 33, name: 'company_city', type: 'I', position: 20, description: 'City', value: 'Boston' },
      { id: 34, name: 'company_country', type: 'X', position: 30, description: 'Country', value: 'US' },
      { id: 35, name: 'company_state', type: 'W', position: 40, description: 'State', value: 'MA' },
      { id: 36, name: 'company_zipcode', type: 'I', position: 50, description: 'Zip/postal code', value: '02125' },
      { id: 28, name: 'company_phone', type: 'L', position: 60, description: 'Phone', value: '6175556985' },
      { id: 29, name: 'company_phone_2', type: 'L', position: 70, description: 'Phone 2', value: '' },
      {
        id: 30,
        name: 'company_website',
        type: 'I',
        position: 80,
        description: 'Website',
        value: 'http://www.example.com',
      },
      {
        id: 37,
        name: 'company_start_year',
        type: 'I',
        position: 90,
        description: 'Year when the store was launched',
        value: '2025',
      },
      {
        id: 38,
        name: 'company_users_department',
        type: 'I',
        position: 100,
        description: 'User department e-mail address',
        value: 'admin@example.com',
      },
      {
        id: 39,
        name: 'company_site_administrator',
        type: 'I',
        position: 110,
        description: 'Site administrator e-mail address',
        value: 'admin@example.com',
      },
      {
        id: 40,
        name: 'company_orders_department',
        type: 'I',
        position: 120,
        description: 'Order department e-mail address',
        value: 'admin@example.com',
      },
      {
        id: 41,
        name: 'company_support_department',
        type: 'I',
        position: 130,
        description: 'Help/Support department e-mail address',
        value: 'admin@example.com',
      },
      {
        id: 42,
        name: 'company_newsletter_email',
        type: 'I',
        position: 140,
        description: 'Newsletter e-mail address',
        value: 'admin@example.com',
      },
    ],
  },
];
