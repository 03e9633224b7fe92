# SPDX-License-Identifier: GPL-2.0
"""The HTML plan in a headless browser (Debian's chromium).

A copy of the report gets a harness script after the page's own: it clicks
table headers the way a reader does (HTMLElement.click(), which runs the
page's listeners), records each table's rows and rendered height, and
leaves that in the DOM that `chromium --headless --dump-dom` prints.  The
expected orders are computed here in Python from the same cells.  When the
page's sorting script is broken the rows stay in their first order and the
checks fail.
"""
import json
import os
import re
import shutil
import subprocess

SHIM = os.environ['AFALG_SHIM_LIB']

HARNESS = r'''<script>
(function () {
  var out = {clicks: [], heights: [], sections: 0, errors: []};
  function rows(t) {
    return Array.prototype.map.call(t.tBodies[0].rows, function (r) {
      return Array.prototype.map.call(r.cells, function (c) { return c.textContent; });
    });
  }
  function click(t, name) {
    var th = Array.prototype.filter.call(t.tHead.rows[0].cells, function (h) {
      return h.textContent === name; })[0];
    th.click();
    out.clicks.push({table: t.id || 'detail', column: name, cls: th.className,
                     index: th.cellIndex, rows: rows(t)});
  }
  try {
    var main = document.getElementById('programs');
    out.first = rows(main);
    click(main, 'denied');
    click(main, 'program');
    click(main, 'program');
    click(document.querySelector('section table.sortable'), 'algorithm');
    click(document.querySelector('section table.sortable'), 'algorithm');
    document.querySelectorAll('table').forEach(function (t) {
      out.heights.push(t.getBoundingClientRect().height); });
    out.sections = document.querySelectorAll('section[id^="p"]').length;
  } catch (e) { out.errors.push(String(e)); }
  var pre = document.createElement('pre');
  pre.id = 'harness-result';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>'''


def inventory(path):
    # denied counts out of alphabetical order, so that a numeric sort, a
    # string sort and no sort at all give three different orders
    entries = []
    for exe, denied, algs in (('/usr/bin/alpha', 5, ['sha256', 'sha1']),
                              ('/usr/bin/bravo', 12, ['hmac(sha256)']),
                              ('/usr/bin/charlie', 0, ['sha512', 'md5', 'sha1']),
                              ('/usr/bin/delta', 3, ['sha384'])):
        entries.append({'exe': exe, 'type': None, 'alg': None, 'attempts': denied,
                        'denied': denied, 'denied_by': 'restrict' if denied else None,
                        'privileged': False})
        entries += [{'exe': exe, 'type': 'hash', 'alg': a, 'privileged': False}
                    for a in algs]
    with open(path, 'w') as f:
        json.dump({'schema': 'afalg-trace-inventory', 'schema_version': 3,
                   'host': {'hostname': 'h'}, 'entries': entries}, f)


def dump_dom(page, tmp):
    r = subprocess.run(['chromium', '--headless', '--disable-gpu', '--no-sandbox',
                        '--user-data-dir=' + os.path.join(tmp, 'chromium-profile'),
                        '--dump-dom', 'file://' + page],
                       capture_output=True, text=True, timeout=180)
    m = re.search(r'<pre id="harness-result">(.*?)</pre>', r.stdout, re.S)
    if not m:
        return None, r.stderr[-2000:]
    text = m.group(1).replace('&lt;', '<').replace('&gt;', '>').replace(
        '&quot;', '"').replace('&amp;', '&')
    return json.loads(text), None


def test_browser(tap, inst, tmp):
    if not shutil.which('chromium'):
        tap.ok(False, 'HTML report in a headless browser: chromium is not installed '
               '(scripts/packages.txt)')
        return
    inv = os.path.join(tmp, 'browser-inv.json')
    inventory(inv)
    page = os.path.join(tmp, 'browser-plan.html')
    r = inst.migrate('plan', inv, '--shim', SHIM, '--format', 'html', '-o', page)
    if not tap.ok(r.returncode == 0, 'HTML plan for the browser', r.stderr):
        return
    text = open(page).read()
    with open(page, 'w') as f:
        f.write(text.replace('</body>', HARNESS + '</body>'))
    res, err = dump_dom(page, tmp)
    if not tap.ok(res is not None and not res['errors'],
                  'chromium --headless loads the report and runs the harness', err or res):
        return
    first = res['first']
    tap.ok(len(first) == 4 and res['sections'] == 4 and len(res['heights']) == 5 and
           all(h > 20 for h in res['heights']),
           'the main table (4 rows), 4 per-program sections and 5 tables render (height > 0)',
           res['heights'])
    by_denied, asc, desc, detail, detail2 = res['clicks']
    col = by_denied['index']
    want = sorted(first, key=lambda row: float(row[col]))
    tap.ok(by_denied['rows'] == want and by_denied['cls'] == 'asc' and want != first,
           'click on "denied": rows in numeric ascending order', by_denied)
    col = asc['index']
    want = sorted(first, key=lambda row: row[col])
    tap.ok(asc['rows'] == want and asc['cls'] == 'asc',
           'click on "program": ascending', [r[0] for r in asc['rows']])
    tap.ok(desc['rows'] == want[::-1] and desc['cls'] == 'desc',
           'second click on "program": descending', [r[0] for r in desc['rows']])
    col = detail['index']
    algs = [row[col] for row in detail['rows']]
    algs2 = [row[col] for row in detail2['rows']]
    tap.ok(algs == sorted(algs) and len(algs) == 2 and detail['cls'] == 'asc' and
           algs2 == algs[::-1] and detail2['cls'] == 'desc',
           'a per-program table sorts too (algorithm column, twice)', (algs, algs2))
    main = {row[0]: row for row in first}
    tap.ok(main.get('/usr/bin/bravo', [''] * 10)[7] == 'refused-shim-serves' and
           main.get('/usr/bin/delta', [''] * 10)[8] == 'refused-shim-serves',
           'restriction outcome columns present in the rendered table', first)
