# SPDX-License-Identifier: GPL-2.0
"""Plan output: text, markdown, JSON and a self-contained HTML report."""
import html
import json


def _lib(u):
    s = u['library'] or '?'
    if u.get('header'):
        s += ' in ' + u['header']
    return s + (' (legacy)' if u['legacy'] else '')


def _outcome(lv):
    """One level's outcome; both when the privilege is unknown and matters."""
    if lv['outcome']:
        return lv['outcome']
    return '%s if privileged, else %s' % (lv['if_privileged'], lv['if_unprivileged'])


def _levels(u):
    return '; '.join('%d: %s' % (lv['level'], _outcome(lv)) for lv in u['restrict']['levels'])


def _privilege(u):
    p = u['restrict']['privileged']
    return 'unknown' if p is None else ('privileged' if p else 'unprivileged')


def _level_actions(u):
    """('1, 2', action) for the levels where something must be done, levels
    with the same advice together."""
    acts = {}
    for lv in u['restrict']['levels']:
        if lv['outcome'] != 'native':
            acts.setdefault(lv['action'], []).append(str(lv['level']))
    return [(', '.join(levels), act) for act, levels in acts.items()]


def fmt_text(plan):
    s = plan['summary']
    lines = ['AF_ALG migration plan: %d program(s): %s' % (
        len(plan['programs']),
        ', '.join('%d %s' % (v, k) for k, v in sorted(s.items())) or 'none')]
    if not plan['shim']:
        lines.append('(no shim library found: shim support not probed)')
    for p in plan['programs']:
        lines.append('')
        lines.append('%s  [%s]  package: %s%s' % (
            p['exe'], p['verdict'], p['package'] or '?',
            '  hosts: ' + ', '.join(p['hosts']) if p['hosts'] else ''))
        if p['evidence'] == 'scan only':
            lines.append('  evidence: static scan only (%s)' % '; '.join(p['scan_evidence'][:3]))
        if p.get('through'):
            lines.append('  loads AF_ALG code: through ' + '; through '.join(p['through']))
        if p['denied']:
            lines.append('  denied socket(AF_ALG) attempts: %d (%s)%s' % (
                p['denied'], ', '.join(p['denied_by']) or '?',
                ': it fell back' if p['verdict'] == 'falls-back'
                else ': this program breaks with AF_ALG off'))
        if p['known_client']:
            lines.append('  known client: ' + p['known_client'])
        for u in p['uses']:
            lines.append('  %-9s %-28s shim: %-10s use: %s; or %s [%s]' % (
                u['type'] or '?', u['alg'], u['shim'], _lib(u), u['openssl'] or '?',
                u['debian'] or '?'))
            lines.append('    crypto.af_alg_restrict (callers %s, allowlist: %s) %s' % (
                _privilege(u), u['restrict']['allowlist'] or 'not listed', _levels(u)))
            for level, act in _level_actions(u):
                lines.append('      at %s: %s' % (level, act))
        lines.append('  action: ' + p['action'])
    return '\n'.join(lines) + '\n'


def fmt_markdown(plan):
    lines = ['# AF_ALG migration plan', '',
             '| program | package | verdict | evidence | algorithms | action |',
             '|---|---|---|---|---|---|']
    for p in plan['programs']:
        algs = ', '.join('`%s` (%s)' % (u['alg'], u['shim']) for u in p['uses']) or '-'
        lines.append('| `%s` | %s | %s | %s | %s | %s |' % (
            p['exe'], p['package'] or '?', p['verdict'], p['evidence'], algs, p['action']))
    lines += ['', '## crypto.af_alg_restrict', '',
              '| program | type | algorithm | callers | allowlist | level 0 | level 1 | '
              'level 2 | what to do |', '|---|---|---|---|---|---|---|---|---|']
    for p in plan['programs']:
        for u in p['uses']:
            lines.append('| `%s` | %s | `%s` | %s | %s | %s | %s |' % (
                p['exe'], u['type'] or '?', u['alg'], _privilege(u),
                u['restrict']['allowlist'] or 'not listed',
                ' | '.join(_outcome(lv) for lv in u['restrict']['levels']),
                '; '.join('at %s: %s' % la for la in _level_actions(u)) or '-'))
    return '\n'.join(lines) + '\n'


def fmt_json(plan):
    return json.dumps(plan, indent=2) + '\n'


_CSS = '''body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}
th,td{border:1px solid #bbb;padding:.3em .5em;text-align:left;vertical-align:top}
th{background:#eee;cursor:pointer}th.asc:after{content:" \\25b2"}th.desc:after{content:" \\25bc"}
.blocked{background:#fdd}.scan-only{background:#ffd}.shim-ready,.falls-back{background:#dfd}
code{font-size:90%}'''
_JS = '''document.querySelectorAll("table.sortable th").forEach(function(th){
th.addEventListener("click",function(){var t=th.closest("table"),b=t.tBodies[0],
i=Array.prototype.indexOf.call(th.parentNode.children,th),asc=!th.classList.contains("asc");
t.querySelectorAll("th").forEach(function(h){h.classList.remove("asc","desc")});
th.classList.add(asc?"asc":"desc");var rows=Array.prototype.slice.call(b.rows);
rows.sort(function(x,y){var a=x.cells[i].textContent,c=y.cells[i].textContent,
na=parseFloat(a),nc=parseFloat(c);var r=(!isNaN(na)&&!isNaN(nc))?na-nc:a.localeCompare(c);
return asc?r:-r});rows.forEach(function(r){b.appendChild(r)})})});'''


def fmt_html(plan):
    e = html.escape
    s = plan['summary']
    out = ['<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">',
           '<title>AF_ALG migration plan</title><style>%s</style></head><body>' % _CSS,
           '<h1>AF_ALG migration plan</h1>',
           '<p id="summary">%d program(s): %s. Shim probed: %s. Schema %s version %d.</p>' % (
               len(plan['programs']),
               e(', '.join('%d %s' % (v, k) for k, v in sorted(s.items())) or 'none'),
               e(plan['shim'] or 'no'), e(plan['schema']), plan['schema_version']),
           '<table class="sortable" id="programs"><thead><tr><th>program</th><th>package</th>'
           '<th>verdict</th><th>evidence</th><th>hosts</th><th>algorithms</th>'
           '<th>denied</th><th>at level 1</th><th>at level 2</th><th>action</th>'
           '</tr></thead><tbody>']
    for n, p in enumerate(plan['programs']):
        lv = p['restrict'] or {}
        out.append('<tr class="%s"><td><a href="#p%d"><code>%s</code></a></td><td>%s</td>'
                   '<td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%d</td><td>%s</td>'
                   '<td>%s</td><td>%s</td></tr>' % (
                       e(p['verdict']), n, e(p['exe']), e(p['package'] or '?'),
                       e(p['verdict']), e(p['evidence']), e(', '.join(p['hosts'])),
                       e(', '.join(u['alg'] for u in p['uses'])), p['denied'],
                       e(lv.get('1', '-')), e(lv.get('2', '-')), e(p['action'])))
    out.append('</tbody></table><h2>Per program</h2>')
    for n, p in enumerate(plan['programs']):
        out.append('<section id="p%d"><h3><code>%s</code> &mdash; %s</h3><p>%s</p>' % (
            n, e(p['exe']), e(p['verdict']), e(p['action'])))
        if p['known_client']:
            out.append('<p>Known client: %s</p>' % e(p['known_client']))
        if p['scan_evidence']:
            out.append('<p>Scan evidence: %s</p>' % e('; '.join(p['scan_evidence'])))
        if p.get('through'):
            out.append('<p>Loads AF_ALG code through: %s</p>' % e('; '.join(p['through'])))
        out.append('<table class="sortable"><thead><tr><th>type</th><th>algorithm</th>'
                   '<th>seen</th><th>shim</th><th>library call</th><th>header</th>'
                   '<th>OpenSSL</th><th>package</th><th>ops</th><th>bytes</th><th>callers</th>'
                   '<th>allowlist</th><th>level 0</th><th>level 1</th><th>level 2</th>'
                   '</tr></thead><tbody>')
        todo = []
        for u in p['uses']:
            cells = [u['type'] or '?', u['alg'], u['seen'], u['shim'], u['library'] or '?',
                     u['header'] or '', u['openssl'] or '?', u['debian'] or '?',
                     str(u['ops']), str(u['bytes']), _privilege(u),
                     u['restrict']['allowlist'] or 'not listed']
            cells += [_outcome(lv) for lv in u['restrict']['levels']]
            out.append('<tr>%s</tr>' % ''.join('<td>%s</td>' % e(c) for c in cells))
            todo += ['<li><code>%s</code> at crypto.af_alg_restrict=%s: %s</li>' % (
                e(u['alg']), level, e(act)) for level, act in _level_actions(u)]
        out.append('</tbody></table>')
        if todo:
            out.append('<ul class="restrict">%s</ul>' % ''.join(todo))
        out.append('</section>')
    out.append('<script>%s</script></body></html>' % _JS)
    return '\n'.join(out) + '\n'


FORMATS = {'text': fmt_text, 'json': fmt_json, 'markdown': fmt_markdown, 'html': fmt_html}
