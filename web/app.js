// The playground (docs/web.md): the core as WebAssembly (cutelayout-wasm.js holds the
// module, base64, so the page works from file:// and offline), the result, its picture (a
// layout's grid, a tiled MMA's or copy's threads), the bank view of a swizzled layout,
// errors with the column underlined, a history and a shareable link (#expr=...).
'use strict';
(function () {
  const CUTE = 1, DYNAMIC = 2, SVG = 8, BANKS = 16;
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

  function evaluate(expr, flags) {
    const input = encoder.encode(expr);
    if (input.length > ex.cl_input_capacity()) return { ok: false, text: 'error: the expression is too long' };
    new Uint8Array(memory.buffer, ex.cl_input(), input.length).set(input);
    const status = ex.cl_eval(input.length, flags);
    return { ok: status === 0, text: decoder.decode(new Uint8Array(memory.buffer, ex.cl_output(), ex.cl_output_size())) };
  }
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

  function run() {
    const expr = $('expr').value.trim();
    for (const id of ['result', 'error', 'picture', 'banks']) $(id).textContent = '';
    if (!expr) return;
    const hash = 'expr=' + encodeURIComponent(expr) + ($('cute').checked ? '&cute=1' : '') + ($('dynamic').checked ? '&dynamic=1' : '');
    $('link').href = '#' + hash;
    if (location.hash.slice(1) !== hash) history.replaceState(null, '', '#' + hash);
    const r = evaluate(expr, flags());
    remember(expr, r.ok);
    if (!r.ok) { showError(expr, r.text); return; }
    $('result').textContent = r.text;
    const svg = evaluate(expr, flags() | SVG);
    if (svg.ok) $('picture').innerHTML = svg.text; // our own SVG, from the module
    if (expr.includes('Sw') || expr.includes('Swizzle') || r.text.includes(' o ')) {
      const banks = evaluate(expr, flags() | BANKS);
      if (banks.ok) $('banks').textContent = banks.text;
    }
  }

  const params = new URLSearchParams(location.hash.slice(1));
  $('expr').value = params.get('expr') || 'composition((6,2):(8,2), (4,3):(3,1))';
  $('cute').checked = params.get('cute') === '1';
  $('dynamic').checked = params.get('dynamic') === '1';
  $('go').onclick = run;
  $('expr').addEventListener('keydown', (e) => { if (e.key === 'Enter') run(); });
  renderHistory();
  run();
})();
