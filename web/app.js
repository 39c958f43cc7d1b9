// The playground (docs/web.md): the core as WebAssembly (cutelayout-wasm.js holds the
// module, base64, so the page works from file:// and offline), the result, its picture (a
// layout's grid coloured by bank with the worst wave outlined, a tiled MMA's or copy's
// threads, or a line saying why there is none), the bank view of every layout under the
// chosen access (the core's report: cute-layout --banks), errors with the column
// underlined, a history and a shareable link (#expr=...&access=...).
'use strict';
(function () {
  const CUTE = 1, DYNAMIC = 2, SVG = 8, BANKS = 16, JSON_VIEW = 64;
  const bytes = Uint8Array.from(atob(window.CUTELAYOUT_WASM), (c) => c.charCodeAt(0));
  let memory = null;
  // The three WASI calls the module imports; it never prints, so writes go nowhere.
  const wasi = {
    fd_close: () => 0,
    fd_seek: () => 0,
    fd_write: (fd, iovs, count, written) => {
      const view = new DataView(memory.buffer);
      let n = 0;
      for (let i = 0; i < count; ++i) n += view.getUint32(iovs + 8 * i + 4, true);
      view.setUint32(written, n, true);
      return 0;
    },
  };
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { wasi_snapshot_preview1: wasi });
  const ex = instance.exports;
  memory = ex.memory;
  ex._initialize();
  const encoder = new TextEncoder(), decoder = new TextDecoder();

  // Writes text into the input buffer and runs call(length) on it: an expression (cl_eval)
  // or the bank options (cl_banks).
  function call(text, fn) {
    const input = encoder.encode(text);
    if (input.length > ex.cl_input_capacity()) return { ok: false, text: 'error: the input is too long' };
    new Uint8Array(memory.buffer, ex.cl_input(), input.length).set(input);
    const status = fn(input.length);
    return { ok: status === 0, text: decoder.decode(new Uint8Array(memory.buffer, ex.cl_output(), ex.cl_output_size())) };
  }
  const evaluate = (expr, flags) => call(expr, (n) => ex.cl_eval(n, flags));
  // The bank options: element bits, access bits, access (rows, columns, TV or SIDE:EXPR).
  const setBanks = (elementBits, accessBits, access, flags) =>
    call([elementBits, accessBits, access].join('\n'), (n) => ex.cl_banks(n, flags));
  window.cutelayoutEvaluate = evaluate; // for tests and the console

  const $ = (id) => document.getElementById(id);
  function flags() { return ($('cute').checked ? CUTE : 0) | ($('dynamic').checked ? DYNAMIC : 0); }

  function showError(expr, text) {
    // "error: column C: ..." underlines column C of the expression.
    const m = /^error: column (\d+):/.exec(text);
    $('error').textContent = m ? expr + '\n' + ' '.repeat(Number(m[1]) - 1) + '^\n' + text : text;
  }

  // The history: the last 30 inputs, newest first, failed ones too (marked), so a typo can be
  // fixed from the list. Entries are {expr, ok}; a plain string (an older page's) succeeded.
  function loadHistory() {
    let saved = [];
    try { saved = JSON.parse(localStorage.getItem('cutelayout-history') || '[]'); } catch (e) { saved = []; }
    return (Array.isArray(saved) ? saved : []).map((h) => (typeof h === 'string' ? { expr: h, ok: true } : h))
      .filter((h) => h && typeof h.expr === 'string');
  }
  function remember(expr, ok) {
    const history = loadHistory().filter((h) => h.expr !== expr);
    history.unshift({ expr, ok });
    localStorage.setItem('cutelayout-history', JSON.stringify(history.slice(0, 30)));
    renderHistory();
  }
  function renderHistory() {
    const list = $('history');
    list.textContent = '';
    for (const h of loadHistory()) {
      const li = document.createElement('li');
      li.textContent = h.expr;
      if (!h.ok) {
        li.className = 'failed';
        li.title = 'this input gave an error';
      }
      li.onclick = () => { $('expr').value = h.expr; run(); };
      list.appendChild(li);
    }
  }

  // The access as cl_banks takes it: rows, columns, or the expression's text.
  function access() {
    const kind = $('access-kind').value;
    return kind === 'expr' ? $('access-expr').value.trim() : kind;
  }
  function strip(text) { return text.replace(/^error: /, ''); }

  // The bank view of a layout: the options, then the core's report (JSON) as a summary line
  // and the --banks text. Returns whether the options hold (the picture is then by bank).
  // A result that is not a layout has no bank view: the section is hidden.
  function showBanks(expr) {
    const set = setBanks($('element-bits').value.trim(), $('access-bits').value, access(), flags());
    if (!set.ok) {
      $('bank-note').textContent = 'No bank view: ' + strip(set.text);
      return false;
    }
    const r = evaluate(expr, flags() | BANKS | JSON_VIEW);
    if (!r.ok) {
      if (/needs a layout or a composed layout but the result is/.test(r.text)) $('bank-controls').hidden = true;
      else $('bank-note').textContent = 'No bank view: ' + strip(r.text);
      return true;
    }
    const report = JSON.parse(r.text);
    const summary = $('bank-summary');
    summary.dataset.worst = report.worst;
    summary.dataset.average = report.average;
    summary.dataset.wavefronts = report.wavefronts;
    summary.dataset.waves = report.waves.length;
    summary.textContent = (report.worst === 1 ? 'conflict-free' : report.worst + '-way bank conflicts at worst') +
      ' (average ' + report.average + '-way): ' + report.wavefronts + ' wavefronts for ' + report.waves.length +
      ' waves' + (report.worst === 1 ? '' : ' (' + report.waves.length + ' if conflict-free)');
    $('banks').textContent = report.text;
    return true;
  }

  function hashOf(expr) {
    let hash = 'expr=' + encodeURIComponent(expr) + ($('cute').checked ? '&cute=1' : '') + ($('dynamic').checked ? '&dynamic=1' : '');
    if (access() !== 'rows') hash += '&access=' + encodeURIComponent(access());
    if ($('element-bits').value.trim() !== '16') hash += '&element_bits=' + encodeURIComponent($('element-bits').value.trim());
    if ($('access-bits').value !== '128') hash += '&access_bits=' + $('access-bits').value;
    return hash;
  }

  function run() {
    const expr = $('expr').value.trim();
    for (const id of ['result', 'error', 'picture', 'picture-note', 'bank-summary', 'bank-note', 'banks']) $(id).textContent = '';
    $('bank-controls').hidden = false;
    $('access-expr').hidden = $('access-kind').value !== 'expr';
    if (!expr) return;
    const hash = hashOf(expr);
    $('link').href = '#' + hash;
    if (location.hash.slice(1) !== hash) history.replaceState(null, '', '#' + hash);
    const r = evaluate(expr, flags());
    remember(expr, r.ok);
    if (!r.ok) { showError(expr, r.text); $('bank-controls').hidden = true; return; }
    $('result').textContent = r.text;
    const byBank = showBanks(expr);
    const svg = evaluate(expr, flags() | SVG | (byBank ? BANKS : 0));
    if (svg.ok) $('picture').innerHTML = svg.text; // our own SVG, from the module
    else $('picture-note').textContent = 'No picture: ' + strip(svg.text).replace(/^--svg: /, '');
  }

  const params = new URLSearchParams(location.hash.slice(1));
  $('expr').value = params.get('expr') || 'composition((6,2):(8,2), (4,3):(3,1))';
  $('cute').checked = params.get('cute') === '1';
  $('dynamic').checked = params.get('dynamic') === '1';
  const given = params.get('access') || 'rows';
  $('access-kind').value = given === 'rows' || given === 'columns' ? given : 'expr';
  if ($('access-kind').value === 'expr') $('access-expr').value = given;
  $('element-bits').value = params.get('element_bits') || '16';
  if (params.get('access_bits')) $('access-bits').value = params.get('access_bits');
  $('go').onclick = run;
  $('expr').addEventListener('keydown', (e) => { if (e.key === 'Enter') run(); });
  for (const id of ['access-kind', 'element-bits', 'access-bits']) $(id).addEventListener('change', run);
  $('access-expr').addEventListener('keydown', (e) => { if (e.key === 'Enter') run(); });
  renderHistory();
  run();
})();
