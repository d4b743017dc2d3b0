/**
 * What docs/recipes.md says its blocks print, checked on the output of running them all in one shell
 * (test/e2e/recipes.test.ts on a fresh store, test/e2e/readme-walkthrough.test.ts after the walkthrough).
 * Only the recipes create taxes, so the cursor's second page holds the third tax in both cases.
 */
export const RECIPE_OUTPUT: ReadonlyArray<[what: string, pattern: RegExp]> = [
  ['the ETag of a tax, echoed', /^"[A-Za-z0-9_-]{20,}"$/m],
  ['If-None-Match with it: 304', /^304$/m],
  ['If-Match with it: the PUT is done', /\{"tax_id":"\d+"\}/],
  ['If-Match with the stale tag: 412', /"status":412/],
  [
    'the page after the cursor: the third tax, the last page',
    /\{"taxes":\[\{"tax_id":"\d+"[^\]]*"tax":"Sales tax 8%"\}\],"params":\{[^}]*"next":null\}/,
  ],
  [
    'the new user as CS-Cart shows it',
    /"firstname":"Grace","lastname":"","email":"grace@example.com","company":"Acme","company_id":"\d+","phone":"\+1 202 555 0100"/,
  ],
  ['the user found by name after the PUT', /"firstname":"Grace","lastname":"Hopper"/],
  ['the non-root administrator: 200, 200, then removed from the group (204)', /^200\n200\n204$/m],
  ['and then refused', /\{"message":"Forbidden: The view_usergroups privilege is required","status":403\}/],
  ['show-user prints the user', /"email": "support@example.com"/],
  [
    'the ERP push: both products by code, created or updated',
    /^\{"upsert":\[\{[^{}]*"status":20[01][^{}]*\},\{[^{}]*"status":20[01][^{}]*\}\]\}$/m,
  ],
];

/** The expectations the output does not meet, by name. */
export function missingRecipeOutput(stdout: string): string[] {
  return RECIPE_OUTPUT.filter(([, pattern]) => !pattern.test(stdout)).map(([what]) => what);
}
