import { createHash } from 'node:crypto';

/**
 * The panel's only static asset, bundled into the panel Lambda and served at /admin/assets/panel.css.
 * No framework: system fonts, one column on a phone, tables turning into cards below 640 px.
 */
export const PANEL_CSS = `
:root { --ink:#1f2933; --muted:#616e7c; --line:#d9e2ec; --bg:#f5f7fa; --brand:#0b5cad; --brand-dark:#084a8c;
  --ok-bg:#e3f9e5; --ok-line:#57ae5b; --err-bg:#ffe3e3; --err-line:#d64545; --warn-bg:#fffbea; --warn-line:#e9b949; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--brand); }
.topbar { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .6rem 1rem; background: #1f2933; color: #fff; }
.topbar .brand { font-weight: 700; color: #fff; text-decoration: none; margin-right: auto; }
.topbar .who { font-size: .875rem; color: #cbd2d9; overflow-wrap: anywhere; }
.topbar form { margin: 0; }
.topbar button { background: transparent; color: #fff; border: 1px solid #7b8794; padding: .25rem .75rem; min-height: 2.25rem; }
.menu { display: flex; flex-wrap: wrap; align-items: baseline; gap: .25rem 1.25rem; padding: .5rem 1rem; background: #fff; border-bottom: 1px solid var(--line); font-size: .95rem; }
.menu .section { font-weight: 600; color: var(--muted); }
.menu a { text-decoration: none; padding: .25rem 0; }
.menu a[aria-current="page"] { font-weight: 600; border-bottom: 2px solid var(--brand); }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: .25rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
.crumbs { font-size: .875rem; color: var(--muted); margin: 0; }
.crumbs a { color: var(--muted); }
.card { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 1rem; }
.tabs { display: flex; gap: .25rem; margin: 0; padding: 0; list-style: none; border-bottom: 1px solid var(--line); }
.tabs a { display: block; padding: .5rem 1rem; text-decoration: none; border: 1px solid transparent; border-bottom: 0; border-radius: 6px 6px 0 0; }
.tabs a[aria-current="page"] { background: #fff; border-color: var(--line); color: var(--ink); font-weight: 600; margin-bottom: -1px; }
.tabs + .card { border-top-left-radius: 0; }
table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid var(--line); }
th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); background: #fbfcfd; }
td.email { overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
.badge { display: inline-block; font-size: .75rem; padding: .05rem .45rem; border-radius: 999px; background: var(--line); }
.badge.on { background: var(--ok-bg); color: #207227; }
.badge.off { background: #eef0f3; color: var(--muted); }
.badge.root { background: #e6f0ff; color: var(--brand-dark); }
label.check { display: flex; align-items: center; gap: .6rem; font-weight: 600; min-height: 2.75rem; cursor: pointer; }
label.check input { width: 1.35rem; height: 1.35rem; margin: 0; }
.hint { color: var(--muted); font-size: .9rem; margin: .25rem 0 1rem; }
.field { margin-bottom: 1rem; }
.field label { display: block; font-weight: 600; margin-bottom: .25rem; }
.search { margin: 0 0 1rem; }
.search label { display: block; font-weight: 600; margin-bottom: .25rem; }
.search input { flex: 1 1 14rem; width: auto; }
input[type=email], input[type=password] { width: 100%; font: inherit; padding: .6rem .7rem; border: 1px solid #9aa5b1; border-radius: 4px; }
button { font: inherit; cursor: pointer; border-radius: 4px; border: 1px solid var(--brand); background: var(--brand); color: #fff; padding: .55rem 1.25rem; min-height: 2.75rem; }
button:hover { background: var(--brand-dark); }
button.secondary { background: #fff; color: var(--brand); }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; }
.notice { border: 1px solid; border-left-width: 4px; border-radius: 4px; padding: .75rem 1rem; margin: 0 0 1rem; }
.notice p { margin: .25rem 0; }
.notice.ok { background: var(--ok-bg); border-color: var(--ok-line); }
.notice.error { background: var(--err-bg); border-color: var(--err-line); }
.notice.warn { background: var(--warn-bg); border-color: var(--warn-line); }
code, .key { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.key { display: block; font-size: 1.05rem; padding: .6rem .75rem; margin: .5rem 0; background: #fff; border: 1px dashed var(--ok-line); border-radius: 4px; word-break: break-all; user-select: all; }
pre { white-space: pre-wrap; word-break: break-all; background: #fff; padding: .5rem .75rem; border: 1px solid var(--line); border-radius: 4px; font-size: .85rem; }
.login { max-width: 24rem; margin: 3rem auto; }
.pager { display: flex; gap: 1rem; margin-top: .75rem; }
.empty { color: var(--muted); font-style: italic; }
@media (max-width: 640px) {
  main { padding: .75rem; }
  h1 { font-size: 1.25rem; }
  .card { padding: .75rem; }
  .notice { padding: .6rem .75rem; }
  .key { font-size: .9rem; padding: .5rem; }
  .login { margin: 1.5rem auto; }
  table, thead, tbody, tr, th, td { display: block; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  tr { border-bottom: 1px solid var(--line); padding: .5rem 0; }
  td { border: 0; padding: .15rem .75rem; }
  td::before { content: attr(data-label) ": "; color: var(--muted); font-size: .85rem; }
  dl { grid-template-columns: 1fr; gap: 0; }
  dd { margin-bottom: .5rem; }
  .actions button { flex: 1 1 100%; }
}
`;

/** Changes whenever the stylesheet does: the URL carries it, so browsers may cache the file for good. */
export const PANEL_CSS_VERSION = createHash('sha256').update(PANEL_CSS).digest('hex').slice(0, 12);
