import { describe, expect, it } from 'vitest';
import { bucketedSortEntry, indexEntries } from '../../lib/db/entity-items.js';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { distinctConditions, judgedOnTextItem, type ListCondition } from '../../lib/db/list-filter.js';
import { chooseDriver } from '../../lib/db/list-plan.js';
import { normalizeText, textTokens, wordQuery, wordsOf, wordsText } from '../../lib/db/text-items.js';
import { storesEntity } from '../../lib/entities/companies.js';
import { ordersEntity } from '../../lib/entities/orders.js';
import { productsEntity } from '../../lib/entities/products.js';

const rule = (name: string) => productsEntity.storage.filterRules![name]!;
const eq = (field: string, value: string | number): ListCondition => ({ rule: { field, op: 'eq' }, values: [value] });

describe('text normalization', () => {
  it('lower case, accents off, words are runs of letters and digits', () => {
    expect(normalizeText('  Crème BRÛLÉE ')).toBe('creme brulee');
    expect(wordsOf('iPhone-14 Pro_Max')).toEqual(['iphone', '14', 'pro', 'max']);
    expect(textTokens(rule('pcode'), { product_code: 'SKU-Ä1' })).toEqual(['sku-a1']);
    expect(textTokens(rule('q'), { product: 'Red red shirt', product_code: 'RS-1' })).toEqual([
      'red',
      'shirt',
      'rs',
      '1',
    ]);
  });

  it('from layout 6 a word that starts another word of the record has no item: the longer one finds it', () => {
    const record = { product: 'Shirt 1 shirts', product_code: 'SH-100-1' };
    expect(textTokens(rule('q'), record, 5)).toEqual(['shirt', '1', 'shirts', 'sh', '100']);
    expect(textTokens(rule('q'), record)).toEqual(['shirts', '100']);
    // Only the indexed words count: a word past the first 12 does not stand in for one of them.
    const many = { product: `a b c d e f g h i j k 1 ${'x'.repeat(3)} 10`, product_code: '' };
    expect(textTokens(rule('q'), many)).toContain('1');
  });

  it('a query word matches a word it starts, a phrase consecutive words', () => {
    const text = wordsText(rule('q'), { product: 'Delta hat', product_code: 'DH-4' });
    expect(text).toBe(' delta hat | dh 4 ');
    const { needles } = wordQuery('delta ha', 'exact');
    expect(needles.every((n) => text.includes(n))).toBe(true);
    expect(wordQuery('elta', 'all').needles.every((n) => text.includes(n))).toBe(false);
    expect(wordQuery('hat nothing', 'any').mode).toBe('any');
  });
});

describe('text items', () => {
  it('carry the id, the words text and the projected equality fields; index items also the lower-cased copies', () => {
    const record = {
      product_id: 5,
      product: 'Red Shirt',
      product_code: 'RS-1',
      status: 'A',
      company_id: 3,
      category_ids: [7],
      version: 1,
      layout: LAYOUT_VERSION,
    };
    const entries = [...indexEntries(productsEntity, 5, record).values()];
    const text = entries.filter((e) => e.key.pk.startsWith('TXT#'));
    expect(text.length).toBeGreaterThan(0);
    for (const entry of text) {
      expect(Object.keys(entry.item).sort()).toEqual(['id', 'p_category_ids', 'p_status', 'w_product']);
      expect(entry.item.w_product).toBe(' red shirt | rs 1 ');
    }
    const all = entries.find((e) => e.key.pk.startsWith('IDX#product#all#'))!;
    expect(all.item).toMatchObject({ lc_product: 'red shirt', lc_product_code: 'rs-1' });
    expect(all.item.p_company_id).toBeDefined();
    // Sort items (the stock's too) carry the projected fields a filter beside a sort judges, no text copies.
    const sorts = entries.filter((e) => e.key.pk.startsWith('SORT#'));
    expect(sorts.map((e) => e.key.pk.replace(/~\d+$/, ''))).toContain('SORT#product#amount');
    for (const entry of sorts) {
      expect(entry.item.p_company_id ?? entry.item.p_status).toBeDefined();
      expect(Object.keys(entry.item).filter((name) => name.startsWith('lc_') || name.startsWith('w_'))).toEqual([]);
    }
  });
});

describe('the stock item an order writes', () => {
  it('is the entry the record has among all its items, in its partition shard', () => {
    for (const amount of [0, 9, 1000]) {
      const record = {
        product_id: 77,
        product: 'Lamp',
        amount,
        status: 'A',
        company_id: 2,
        version: 3,
        layout: LAYOUT_VERSION,
      };
      const entry = bucketedSortEntry(productsEntity, 'amount', 77, record);
      const all = [...indexEntries(productsEntity, 77, record).values()];
      expect(all.filter((e) => e.key.pk.startsWith('SORT#product#amount'))).toEqual([entry]);
    }
  });
});

describe('sort items of an entity with a substring filter', () => {
  it("keep the lower-cased copy it judges (a store's `company`): it has no text items to read instead", () => {
    const record = {
      company_id: 3,
      company: 'Acme Tools',
      email: 'Shop@Acme.example',
      version: 1,
      layout: LAYOUT_VERSION,
    };
    const sorts = [...indexEntries(storesEntity, 3, record).values()].filter((e) => e.key.pk.startsWith('SORT#'));
    expect(sorts.length).toBeGreaterThan(0);
    for (const entry of sorts)
      expect(entry.item).toMatchObject({ lc_company: 'acme tools', lc_email: 'shop@acme.example' });
  });
});

describe('a table before layout 2 (no text items yet)', () => {
  it('judges a text filter on index items, never on sort items, whatever the sort or range', async () => {
    const q = { rule: rule('q'), values: ['shirt'], match: 'all' as const };
    for (const [sortBy, extra] of [
      ['price', []],
      ['id', [{ rule: rule('price_from'), values: ['5'] }]],
      ['amount', [{ rule: rule('amount_to'), values: ['9'] }]],
    ] as const) {
      const driver = await chooseDriver({ def: productsEntity, conditions: [q, ...extra], sortBy, ready: false });
      expect(driver.ranges.map((r) => r.pk)).toEqual(['IDX#product#all#']);
    }
  });
});

describe('the key range a list reads', () => {
  it('a code prefix reads its text items, the company copy for a vendor', async () => {
    const driver = await chooseDriver({
      def: productsEntity,
      conditions: [{ rule: rule('pcode'), values: ['SKU-1'] }, eq('company_id', 3)],
      sortBy: 'id',
      ready: true,
    });
    expect(driver.ranges).toEqual([{ pk: 'TXT#product@3#product_code#s', begins: 'sku-1' }]);
    // The key decides the prefix (its items carry no lower-cased code), the copy the company.
    expect(driver.consumed.map((c) => c.rule.field)).toEqual(['company_id', 'product_code']);
    expect(driver.text).toBe(rule('pcode'));
  });

  it('a code prefix beside q drives (its items carry the words text); slim text items judge equalities and words, not substrings', async () => {
    const q = { rule: rule('q'), values: ['red shirts'], match: 'all' as const };
    const pcode = { rule: rule('pcode'), values: ['SKU-1'] };
    const driver = await chooseDriver({ def: productsEntity, conditions: [q, pcode], sortBy: 'id', ready: true });
    expect(driver.ranges).toEqual([{ pk: 'TXT#product#product_code#s', begins: 'sku-1' }]);
    const text = driver.text!;
    expect(judgedOnTextItem(productsEntity, text, q)).toBe(true);
    expect(judgedOnTextItem(productsEntity, text, eq('status', 'A'))).toBe(true);
    expect(judgedOnTextItem(productsEntity, text, eq('category_ids', 7))).toBe(true);
    // Not on a text item: the company (its copy decides it), a prefix, the price (not projected).
    expect(judgedOnTextItem(productsEntity, text, eq('company_id', 3))).toBe(false);
    expect(judgedOnTextItem(productsEntity, rule('q'), pcode)).toBe(false);
    expect(judgedOnTextItem(productsEntity, text, { rule: rule('price_from'), values: ['1'] })).toBe(false);
  });

  it("q reads the smallest of its words' ranges (all, exact), or every word for match=any", async () => {
    const all = await chooseDriver({
      def: productsEntity,
      conditions: [{ rule: rule('q'), values: ['red shirts'], match: 'all' }],
      sortBy: 'id',
      ready: true,
    });
    expect(all.ranges).toEqual([
      { pk: 'TXT#product#product#r', begins: 'red' },
      { pk: 'TXT#product#product#s', begins: 'shirts' },
    ]);
    expect(all.smallest).toBe(true);
    const one = await chooseDriver({
      def: productsEntity,
      conditions: [{ rule: rule('q'), values: ['shirts'] }],
      sortBy: 'id',
      ready: true,
    });
    expect(one.smallest).toBeUndefined();
    const any = await chooseDriver({
      def: productsEntity,
      conditions: [{ rule: rule('q'), values: ['red shirts'], match: 'any' }],
      sortBy: 'id',
      ready: true,
    });
    expect(any.ranges.map((r) => r.begins)).toEqual(['red', 'shirts']);
    expect(any.smallest).toBeUndefined();
  });

  it("a customer's orders drive by their partition without a count (an uncounted index), before a status", async () => {
    for (const field of ['user_id', 'email_lc']) {
      const customer = eq(field, field === 'user_id' ? 4 : 'a@b.c');
      const driver = await chooseDriver({
        def: ordersEntity,
        conditions: [eq('status', 'P'), customer],
        sortBy: 'id',
        ready: true,
      });
      // An e-mail is judged on the e-mail sort items it reads (their keys fold accents): consumed only by user_id's.
      expect(driver.consumed).toEqual(field === 'user_id' ? [customer] : []);
      expect(driver.small).toBe(true);
      expect(driver.count).toBeUndefined();
      // Sorted by date too: the customer's partition, sorted in memory (not the store's date items).
      const byDate = await chooseDriver({ def: ordersEntity, conditions: [customer], sortBy: 'date', ready: true });
      expect(byDate.ranges).toEqual(driver.ranges);
    }
  });

  it('a price range reads that range of the price sort items', async () => {
    const driver = await chooseDriver({
      def: productsEntity,
      conditions: [
        { rule: rule('price_from'), values: ['10'] },
        { rule: rule('price_to'), values: ['20'] },
      ],
      sortBy: 'id',
      ready: true,
    });
    expect(driver.ranges).toEqual([
      { pk: 'SORT#product#price', from: '000000000000010.0000', to: '000000000000020.0000$' },
    ]);
    expect(driver.order).toBe('price');
  });

  it('a vendor sort reads the company copy, counted by the company count', async () => {
    const driver = await chooseDriver({
      def: productsEntity,
      conditions: [eq('company_id', 3)],
      sortBy: 'product',
      ready: true,
    });
    expect(driver.ranges).toEqual([{ pk: 'SORT#product@3#product' }]);
    expect(driver.count).toEqual({ pk: 'COUNT#product', sk: 'company_id#3' });
  });

  it('a vendor sort by price reads the store-wide items (a price update rewrites no copy), still counted by the company count', async () => {
    const company = eq('company_id', 3);
    const driver = await chooseDriver({ def: productsEntity, conditions: [company], sortBy: 'price', ready: true });
    expect(driver.ranges).toEqual([{ pk: 'SORT#product#price' }]);
    expect(driver.consumed).toEqual([]);
    expect(driver.counted).toEqual([company]);
  });

  it('before the table is migrated, only layout-1 items: no text items, no copies, no newer index', async () => {
    const text = await chooseDriver({
      def: productsEntity,
      conditions: [{ rule: rule('pcode'), values: ['SKU'] }, eq('company_id', 3)],
      sortBy: 'id',
      ready: false,
    });
    expect(text.ranges).toEqual([{ pk: 'IDX#product#company_id#3' }]);
    const email = await chooseDriver({
      def: ordersEntity,
      conditions: [eq('email_lc', 'a@b.c')],
      sortBy: 'id',
      ready: false,
    });
    expect(email.ranges).toEqual([{ pk: 'IDX#order#all#' }]);
    const ready = await chooseDriver({
      def: ordersEntity,
      conditions: [eq('email_lc', 'a@b.c')],
      sortBy: 'id',
      ready: true,
    });
    expect(ready.ranges).toEqual([{ pk: 'SORT#order#email', begins: 'a@b.c#' }]);
  });

  it("from layout 7 an order's status and e-mail read their sort items' slice, counted by the status count", async () => {
    const status = eq('status', 'P');
    const root = await chooseDriver({ def: ordersEntity, conditions: [status], sortBy: 'id', ready: true });
    expect(root.ranges).toEqual([{ pk: 'SORT#order#status', begins: 'p#' }]);
    expect(root).toMatchObject({ order: 'id', slice: true, consumed: [], counted: [status] });
    expect(root.count).toEqual({ pk: 'COUNT#order', sk: 'status#P' });
    // (A vendor's reads its company's copy, SORT#order@<company>#status: the orders oracle checks it over HTTP.)
    // Before the table is on layout 7, records not yet migrated have only their index items: both are read.
    const email = eq('email_lc', 'a@b.c');
    for (const [condition, index] of [
      [status, 'IDX#order#status#P'],
      [email, 'IDX#order#email_lc#a@b.c'],
    ] as const) {
      const sort = condition === status ? 'status' : 'email';
      const begins = condition === status ? 'p#' : 'a@b.c#';
      const migrating = await chooseDriver({
        def: ordersEntity,
        conditions: [condition],
        sortBy: 'id',
        ready: true,
        layout: 6,
      });
      expect(migrating.ranges).toEqual([{ pk: index }, { pk: `SORT#order#${sort}`, begins }]);
      expect(migrating.consumed).toEqual([]);
      expect(migrating.slice).toBeUndefined();
    }
    // Several statuses at once: each one's slice, the values judged on the items.
    const either = { rule: { field: 'status', op: 'eq' as const }, values: ['P', 'O'] };
    const several = await chooseDriver({ def: ordersEntity, conditions: [either], sortBy: 'id', ready: true });
    expect(several.ranges).toEqual([
      { pk: 'SORT#order#status', begins: 'p#' },
      { pk: 'SORT#order#status', begins: 'o#' },
    ]);
    expect(several.consumed).toEqual([]);
  });

  it('customer-name order reads its sort items once the table is on layout 3; stock is always sorted in memory', async () => {
    const customer = await chooseDriver({
      def: ordersEntity,
      conditions: [],
      sortBy: 'customer',
      ready: true,
      layout: 3,
    });
    expect(customer.ranges).toEqual([{ pk: 'SORT#order#customer' }]);
    expect(customer.count).toEqual({ pk: 'COUNT#order', sk: 'all#' });
    // On layout 2 it has no items yet: the `all` partition, sorted in memory.
    const before = await chooseDriver({
      def: ordersEntity,
      conditions: [],
      sortBy: 'customer',
      ready: true,
      layout: 2,
    });
    expect(before.ranges).toEqual([{ pk: 'IDX#order#all#' }]);
    expect(before.order).toBe('id');
    const stock = await chooseDriver({
      def: productsEntity,
      conditions: [{ rule: rule('amount_from'), values: [5] }],
      sortBy: 'amount',
      ready: true,
      layout: 3,
    });
    expect(stock.ranges).toEqual([{ pk: 'IDX#product#all#' }]);
  });
});

describe('the conditions of a list', () => {
  it('a repeated condition counts once (a vendor that sends its own company_id)', () => {
    const conditions = distinctConditions([
      eq('company_id', 3),
      eq('status', 'A'),
      { rule: rule('company_id'), values: ['3'] },
      eq('company_id', 4),
    ]);
    expect(conditions.map((c) => `${c.rule.field}=${c.values.join()}`)).toEqual([
      'company_id=3',
      'status=A',
      'company_id=4',
    ]);
  });
});
