//===- Viewer.cpp - the style sheet and script embedded in every SVG ------===//
//
// The script needs nothing but the SVG's own elements: the root's data-xpad,
// data-plot-width, data-total, data-font-size, data-count-name, and each
// frame's <g class="f"> with data-name, data-samples, data-offset and
// data-depth (SvgRenderer.cpp). It offers:
//   - click a frame: zoom into it (it spans the width, its ancestors shown
//     full width and faded, every other frame hidden);
//   - "Reset Zoom" (or Escape): back to the whole graph;
//   - "Search" (or '/', Ctrl-F): a regular expression; matching frames turn
//     magenta and the share of samples under them shows at the bottom right;
//   - hover: the frame's name, samples and share in the status line.
// window.flamegraph = {zoom(name|element), reset(), search(re), clearSearch()}
// drives the same from a console or a page that embeds the graph.
// It must never hold "]]>" (it sits in a CDATA section).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

const char flamegraph::detail::ViewerStyle[] = R"CSS(
text { font-family: Verdana, "DejaVu Sans", sans-serif; font-size: 12px; fill: #000; }
#title { font-size: 17px; text-anchor: middle; }
#subtitle { text-anchor: middle; fill: #555; }
#search, #matched { text-anchor: end; }
.control { cursor: pointer; fill: #2a3a9a; }
.control:hover { text-decoration: underline; }
.control.off { display: none; }
.control.active { fill: #b000b0; font-weight: bold; }
g.f { cursor: pointer; }
g.f text { pointer-events: none; }
g.f:hover rect { stroke: #000; stroke-width: 0.5; }
g.f.ancestor { opacity: 0.55; }
g.f.hidden { display: none; }
)CSS";

const char flamegraph::detail::ViewerScript[] = R"JS(
(function () {
  'use strict';
  var script = document.currentScript;
  var svg = (script && script.ownerSVGElement) || document.documentElement;
  var HIGHLIGHT = 'rgb(230,0,230)';
  var LABEL_PAD = 3, CHAR_WIDTH = 0.59;
  var xpad = +svg.getAttribute('data-xpad');
  var plotWidth = +svg.getAttribute('data-plot-width');
  var total = +svg.getAttribute('data-total');
  var fontSize = +svg.getAttribute('data-font-size');
  var countName = svg.getAttribute('data-count-name');
  function byId(id) { return svg.querySelector('#' + id); }
  var resetCtl = byId('reset'), searchCtl = byId('search');
  var matchedText = byId('matched'), details = byId('details');
  var idleDetails = details.textContent;

  var frames = Array.prototype.map.call(svg.querySelectorAll('g.f'), function (g, i) {
    var rect = g.querySelector('rect');
    g.fgIndex = i;
    return {
      g: g, rect: rect, text: g.querySelector('text'),
      title: g.querySelector('title').textContent,
      name: g.getAttribute('data-name'),
      samples: +g.getAttribute('data-samples'),
      offset: +g.getAttribute('data-offset'),
      depth: +g.getAttribute('data-depth'),
      x: +rect.getAttribute('x'), width: +rect.getAttribute('width'),
      fill: rect.getAttribute('fill')
    };
  });
  frames.forEach(function (f) { f.current = f.width; });
  var zoomed = null, searching = null;

  // The label that fits: the same rule as the renderer's.
  function label(name, width) {
    var chars = Math.floor((width - 2 * LABEL_PAD) / (fontSize * CHAR_WIDTH));
    if (chars < 3) return '';
    var cps = Array.from(name);
    if (cps.length <= chars) return name;
    return cps.slice(0, chars - 2).join('') + '..';
  }

  function place(f, x, width) {
    f.rect.setAttribute('x', x.toFixed(2));
    f.rect.setAttribute('width', width.toFixed(2));
    f.text.setAttribute('x', (x + LABEL_PAD).toFixed(2));
    f.text.textContent = label(f.name, width);
    f.current = width;
  }

  // The estimate above assumes an average glyph width; where the font the
  // browser picked is wider, shorten the label until it fits. All lengths
  // are read first (one layout), then the few labels that overflow fixed.
  function overflows(f) {
    return f.text.textContent !== '' && f.text.getComputedTextLength() > f.current - 2 * LABEL_PAD;
  }
  function fitLabels(list) {
    list.filter(overflows).forEach(function (f) {
      var cps = Array.from(f.name), n = Array.from(f.text.textContent).length;
      while (overflows(f)) {
        n--;
        f.text.textContent = n >= 3 ? cps.slice(0, n - 2).join('') + '..' : '';
      }
    });
  }

  function frameOf(what) {
    if (typeof what === 'string') {
      for (var i = 0; i < frames.length; i++) if (frames[i].name === what) return frames[i];
      return null;
    }
    if (what && what.fgIndex !== undefined) return frames[what.fgIndex];
    return what || null;
  }

  function zoom(what) {
    var f = frameOf(what);
    if (!f || f.samples <= 0) return false;
    var lo = f.offset, hi = f.offset + f.samples;
    frames.forEach(function (o) {
      var cls = o.g.classList;
      cls.remove('hidden', 'ancestor');
      if (o.depth < f.depth) {
        // Rows below: only the frames whose extent covers f's are its callers.
        if (o.offset <= lo && o.offset + o.samples >= hi) {
          place(o, xpad, plotWidth);
          cls.add('ancestor');
        } else {
          cls.add('hidden');
        }
      } else if (o.offset >= lo && o.offset + o.samples <= hi) {
        place(o, xpad + (o.offset - lo) / f.samples * plotWidth, o.samples / f.samples * plotWidth);
      } else {
        cls.add('hidden');
      }
    });
    fitLabels(frames.filter(function (o) { return !o.g.classList.contains('hidden'); }));
    zoomed = f;
    svg.setAttribute('data-zoomed', f.name);
    resetCtl.classList.remove('off');
    return true;
  }

  function reset() {
    frames.forEach(function (o) {
      o.g.classList.remove('hidden', 'ancestor');
      place(o, o.x, o.width);
    });
    fitLabels(frames);
    zoomed = null;
    svg.removeAttribute('data-zoomed');
    resetCtl.classList.add('off');
  }

  function search(pattern) {
    var re;
    try {
      re = new RegExp(pattern);
    } catch (e) {
      details.textContent = 'Bad regular expression: ' + e.message;
      return false;
    }
    var spans = [];
    frames.forEach(function (o) {
      var hit = re.test(o.name);
      o.rect.setAttribute('fill', hit ? HIGHLIGHT : o.fill);
      o.g.classList.toggle('match', hit);
      if (hit) spans.push([o.offset, o.offset + o.samples]);
    });
    // Matches nest (a caller and its callee may both match): count the
    // union of their extents, not the sum.
    spans.sort(function (a, b) { return a[0] - b[0]; });
    var covered = 0, end = -Infinity;
    spans.forEach(function (s) {
      if (s[0] >= end) { covered += s[1] - s[0]; end = s[1]; }
      else if (s[1] > end) { covered += s[1] - end; end = s[1]; }
    });
    var percent = total > 0 ? 100 * covered / total : 0;
    matchedText.textContent = 'Matched: ' + percent.toFixed(2) + '% (' + covered + ' ' +
      countName + ', ' + spans.length + (spans.length === 1 ? ' frame)' : ' frames)');
    searching = pattern;
    svg.setAttribute('data-search', pattern);
    searchCtl.textContent = 'Reset Search';
    searchCtl.classList.add('active');
    return true;
  }

  function clearSearch() {
    frames.forEach(function (o) {
      o.rect.setAttribute('fill', o.fill);
      o.g.classList.remove('match');
    });
    matchedText.textContent = '';
    searching = null;
    svg.removeAttribute('data-search');
    searchCtl.textContent = 'Search';
    searchCtl.classList.remove('active');
  }

  function askSearch() {
    var pattern = window.prompt('Search frames for (regular expression):', searching || '');
    if (pattern) search(pattern);
  }

  svg.addEventListener('click', function (e) {
    var target = e.target;
    if (target === resetCtl) { reset(); return; }
    if (target === searchCtl) { if (searching !== null) clearSearch(); else askSearch(); return; }
    var g = target.closest ? target.closest('g.f') : null;
    if (g) zoom(g);
  });
  svg.addEventListener('mouseover', function (e) {
    var g = e.target.closest ? e.target.closest('g.f') : null;
    if (g) details.textContent = frames[g.fgIndex].title;
  });
  svg.addEventListener('mouseout', function (e) {
    var g = e.target.closest ? e.target.closest('g.f') : null;
    if (g) details.textContent = idleDetails;
  });
  window.addEventListener('keydown', function (e) {
    if (e.key === 'Escape') { reset(); clearSearch(); }
    else if (e.key === '/' || ((e.ctrlKey || e.metaKey) && e.key === 'f')) {
      e.preventDefault();
      askSearch();
    }
  });

  fitLabels(frames);
  window.flamegraph = { zoom: zoom, reset: reset, search: search, clearSearch: clearSearch };
})();
)JS";
