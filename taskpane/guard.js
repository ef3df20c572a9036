/*
 * Tengen's guard: the FIRST script of taskpane.html and index.html, written in ES5 so that every webview parses it,
 * Internet Explorer 11 included. Where the Office webview is IE11 (an add-in with <Runtimes> runs in IE11 when the
 * conditions for WebView2 are not met: Microsoft Learn, "Browsers and webview controls used by Office Add-ins" and
 * the "Runtimes" manifest element reference) the add-in's own scripts, written for ES2022, cannot even be parsed; the
 * pane would stay on "Loading Tengen…". This script checks what those scripts need and, when something is missing,
 * puts in the page what is missing and what to do, and sets window.TENGEN_UNSUPPORTED (the list) so that nothing
 * later writes over it (issue 21, R3). Not bundled, not transpiled: test/addin/build.test.ts parses it as ES5.
 */
(function () {
  'use strict';
  var missing = [];
  var g = typeof window !== 'undefined' ? window : this;
  function need(name, ok) {
    try {
      if (!ok()) missing.push(name);
    } catch (e) {
      missing.push(name);
    }
  }
  // Built-ins the bundles call.
  need('Promise', function () { return typeof g.Promise === 'function'; });
  need('Map and Set', function () { return typeof g.Map === 'function' && typeof g.Set === 'function'; });
  need('Symbol', function () { return typeof g.Symbol === 'function'; });
  need('Array.from', function () { return typeof Array.from === 'function'; });
  need('Object.entries', function () { return typeof Object.entries === 'function' && typeof Object.fromEntries === 'function'; });
  need('Proxy', function () { return typeof g.Proxy === 'function'; });
  need('fetch', function () { return typeof g.fetch === 'function'; });
  // Syntax the bundles are written in (ES2022): compiled here only to see whether this engine parses it.
  function parses(source) {
    return function () {
      // The only way for an ES5 script to ask whether newer syntax parses.
      new Function(source);
      return true;
    };
  }
  need('arrow functions and classes', parses('var f = (a) => a; class A { x = 1; static y = 2; }'));
  need('async functions', parses('var f = async function () { await 0; };'));
  need('optional chaining (?.) and ??', parses('var a = null; var b = a?.b ?? 1; a ??= 2;'));

  if (missing.length === 0) return;
  g.TENGEN_UNSUPPORTED = missing;
  function show() {
    var app = document.getElementById('app');
    if (!app) return;
    while (app.firstChild) app.removeChild(app.firstChild);
    var title = document.createElement('h1');
    title.appendChild(document.createTextNode('Tengen cannot run in this browser engine'));
    var what = document.createElement('p');
    what.appendChild(document.createTextNode('Missing: ' + missing.join(', ') + '.'));
    var help = document.createElement('p');
    help.appendChild(
      document.createTextNode(
        'Office shows this add-in with an old engine (Internet Explorer 11, or an old webview). Tengen needs, on Windows, Microsoft 365 or an up-to-date Office 2016 or later with the Microsoft Edge WebView2 runtime installed; or Excel on the Mac; or Excel on the web. ' +
          'The Tengen page (index.html at the same address) works in any current browser on a copy of the workbook.'
      )
    );
    app.appendChild(title);
    app.appendChild(what);
    app.appendChild(help);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
  else show();
})();
