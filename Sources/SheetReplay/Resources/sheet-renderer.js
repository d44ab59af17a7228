// sheet-renderer.js: draws sheetd frames on a stage. One renderer, two users: the live web
// host (examples/web-host, served as /sheet-renderer.js) and the replay player
// (`sheetd replay --html`, embedded in the page). A classic script: it defines
// `window.SheetRenderer`.
//
//   var stage = new SheetRenderer.Stage(viewport, {backdrop: element, page: function (key, entryId) {...}});
//   stage.draw({container: {width, height}, fit: {width, height}, sheets: [{key, frame, pullBarHeight}]});
//
// The stage is the container in points, scaled down to fit `fit` (never up). Sheets are drawn
// in the order given, a stack's parents first: each has its own dimming layer over everything
// before it, and a group holding the sheet (the frame's rect and corners, its navigation pages
// at nav.items[].x/width/alpha, the separator) and the grabber, centred in the pull bar whose
// top is grabber.y (protocol/README section 8). A parent's group is transformed by its frame's
// `transform {scale, translateY}` about the sheet's top centre (and a back gesture's `back
// {scaleX, scaleY}` about its bottom centre); the first sheet's `background`
// transforms the backdrop (the presenting screen). A sheet without a frame is not drawn; a
// dismissed one is hidden.
(function (global) {
  "use strict";

  var CSS =
    ".sheet-stage{position:absolute;left:0;top:0;transform-origin:0 0;overflow:hidden}" +
    ".sheet-backdrop{position:absolute;inset:0;transform-origin:50% 0}" +
    ".sheet-dimming{position:absolute;inset:0;background:#000;opacity:0;pointer-events:none}" +
    ".sheet-dimming.blocking{pointer-events:auto}" +
    ".sheet-group{position:absolute;inset:0;pointer-events:none}" +
    ".sheet-surface{position:absolute;background:#fff;overflow:hidden;box-shadow:0 -1px 12px rgba(0,0,0,0.15);pointer-events:auto}" +
    ".sheet-pages{position:absolute;inset:0}" +
    ".sheet-separator{position:absolute;top:0;width:1px;height:100%;background:#9ca3af}" +
    ".sheet-grabber{position:absolute;width:36px;height:5px;border-radius:3px;background:#c7c7cc;pointer-events:auto}" +
    ".sheet-overlay{position:absolute;inset:0;pointer-events:none}";

  function num(v, d) { return typeof v === "number" && isFinite(v) ? v : d; }
  function div(cls) { var e = document.createElement("div"); e.className = cls; return e; }

  function Stage(viewport, options) {
    options = options || {};
    if (!document.getElementById("sheet-renderer-css")) {
      var style = document.createElement("style");
      style.id = "sheet-renderer-css";
      style.textContent = CSS;
      document.head.insertBefore(style, document.head.firstChild);
    }
    this.viewport = viewport;
    this.page = options.page || function () { return null; };
    this.element = div("sheet-stage");
    this.backdrop = options.backdrop || div("");
    this.backdrop.classList.add("sheet-backdrop");
    this.layersElement = div("sheet-layers");
    this.overlay = div("sheet-overlay");
    this.element.appendChild(this.backdrop);
    this.element.appendChild(this.layersElement);
    this.element.appendChild(this.overlay);
    viewport.appendChild(this.element);
    this.layers = {};
    this.scale = 1;
  }

  /** The elements of the sheet drawn under `key` (made on first use). */
  Stage.prototype.layer = function (key) {
    var l = this.layers[key];
    if (l) return l;
    l = { key: key, dimming: div("sheet-dimming"), group: div("sheet-group"), sheet: div("sheet-surface"),
          content: div("sheet-content"), pages: div("sheet-pages"), separator: div("sheet-separator"),
          grabber: div("sheet-grabber"), shownPages: [] };
    l.dimming.dataset.session = key;
    l.sheet.dataset.session = key;
    l.sheet.appendChild(l.content);
    l.sheet.appendChild(l.pages);
    l.sheet.appendChild(l.separator);
    l.group.appendChild(l.sheet);
    l.group.appendChild(l.grabber);
    l.dimming.style.display = l.group.style.display = "none";
    this.layersElement.appendChild(l.dimming);
    this.layersElement.appendChild(l.group);
    this.layers[key] = l;
    return l;
  };

  /** Sizes and scales the stage for `container` inside `fit` (both in points / CSS px). */
  Stage.prototype.size = function (container, fit) {
    var W = num(container && container.width, 390), H = num(container && container.height, 844);
    this.width = W;
    this.height = H;
    this.scale = fit ? Math.max(0.05, Math.min(1, num(fit.width, W) / W, num(fit.height, H) / H)) : 1;
    this.element.style.width = W + "px";
    this.element.style.height = H + "px";
    this.element.style.transform = this.scale === 1 ? "" : "scale(" + this.scale + ")";
    this.viewport.style.width = W * this.scale + "px";
    this.viewport.style.height = H * this.scale + "px";
  };

  /** Draws one moment: `{container, fit, sheets: [{key, frame, pullBarHeight}]}`. */
  Stage.prototype.draw = function (scene) {
    this.size(scene.container, scene.fit);
    var drawn = {}, order = [];
    for (var i = 0; i < scene.sheets.length; i++) {
      var s = scene.sheets[i], l = this.layer(s.key);
      drawn[s.key] = true;
      order.push(l);
      this.drawSheet(l, s.frame, num(s.pullBarHeight, 20));
    }
    // Parents first, drawn last (over the layers of other stacks): when the tail of the layers
    // is not in stack order, re-append them in order (appendChild moves an element).
    var kids = this.layersElement.children, base = kids.length - 2 * order.length, inOrder = base >= 0;
    for (var k = 0; inOrder && k < order.length; k++) {
      inOrder = kids[base + 2 * k] === order[k].dimming && kids[base + 2 * k + 1] === order[k].group;
    }
    for (var m = 0; !inOrder && m < order.length; m++) {
      this.layersElement.appendChild(order[m].dimming);
      this.layersElement.appendChild(order[m].group);
    }
    for (var key in this.layers) {
      if (!drawn[key]) this.layers[key].dimming.style.display = this.layers[key].group.style.display = "none";
    }
    var root = scene.sheets.length ? scene.sheets[0].frame : null, bg = root && root.background;
    if (bg) {
      this.backdrop.style.transform = "translateY(" + num(bg.translateY, 0) + "px) scale(" + num(bg.scale, 1) + ")";
      this.backdrop.style.borderRadius = num(bg.cornerRadius, 0) + "px";
      this.backdrop.style.overflow = "hidden";
    } else {
      this.backdrop.style.transform = "";
      this.backdrop.style.borderRadius = "";
    }
  };

  Stage.prototype.drawSheet = function (l, f, pull) {
    if (!f || !f.sheet) {
      l.dimming.style.display = l.group.style.display = "none";
      return;
    }
    l.dimming.style.display = l.group.style.display = "";
    // A dismissed sheet keeps its geometry (below the container) but shows nothing, its
    // grabber included.
    l.group.style.visibility = f.state === "dismissed" ? "hidden" : "";
    // Reduced motion: frames carry the sheet's opacity (absent: fully opaque).
    l.group.style.opacity = f.opacity == null ? "" : String(num(f.opacity, 1));
    var r = f.sheet, x = num(r.x, 0), y = num(r.y, this.height), w = num(r.width, this.width), h = num(r.height, 0);
    var d = f.dimming || {};
    l.dimming.style.opacity = String(num(d.alpha, 0));
    l.dimming.classList.toggle("blocking", d.passthrough === false);
    var tr = f.transform, back = f.back, list = "";
    if (tr && (num(tr.scale, 1) !== 1 || num(tr.translateY, 0) !== 0)) {
      list = "translateY(" + num(tr.translateY, 0) + "px) scale(" + num(tr.scale, 1) + ")";
    }
    // A back gesture's scale (protocol/README section 10, input.back) about the sheet's bottom
    // centre, inside the stack's transform (whose origin is the top centre).
    if (back) {
      list += " translate(0," + h + "px) scale(" + num(back.scaleX, 1) + "," + num(back.scaleY, 1) + ") translate(0," + -h + "px)";
    }
    l.group.style.transformOrigin = list ? (x + w / 2) + "px " + y + "px" : "";
    l.group.style.transform = list;
    var sheet = l.sheet;
    sheet.style.left = x + "px";
    sheet.style.top = y + "px";
    sheet.style.width = w + "px";
    sheet.style.height = h + "px";
    var cr = num(r.cornerRadius, 10);
    sheet.style.borderRadius = r.corners === "all" ? cr + "px" : cr + "px " + cr + "px 0 0";
    sheet.dataset.state = f.state;
    sheet.dataset.detent = f.detent;
    sheet.dataset.seq = String(f.seq);
    var g = f.grabber;
    if (g && g.visible) {
      l.grabber.style.display = "";
      l.grabber.style.left = x + w / 2 - 18 + "px";
      l.grabber.style.top = num(g.y, y - pull) + (pull - 5) / 2 + "px";
    } else {
      l.grabber.style.display = "none";
    }
    var items = f.nav && Array.isArray(f.nav.items) ? f.nav.items : [];
    var shown = [];
    for (var i = 0; i < items.length; i++) {
      var it = items[i], page = this.page(l.key, it.id);
      if (!page) continue;
      if (page.parentNode !== l.pages) l.pages.appendChild(page);
      page.style.display = "";
      page.style.left = num(it.x, 0) + "px";
      page.style.width = num(it.width, w) + "px";
      page.style.height = num(it.height, h) + "px";
      page.style.opacity = String(num(it.alpha, 1));
      page.style.zIndex = String(i + 1);
      shown.push(page);
    }
    for (var j = 0; j < l.shownPages.length; j++) {
      if (shown.indexOf(l.shownPages[j]) < 0) l.shownPages[j].style.display = "none";
    }
    l.shownPages = shown;
    l.content.style.display = items.length ? "none" : "";
    var sx = f.nav ? f.nav.separatorX : null;
    l.separator.style.display = typeof sx === "number" ? "" : "none";
    if (typeof sx === "number") l.separator.style.left = sx + "px";
  };

  global.SheetRenderer = { Stage: Stage };
})(typeof window !== "undefined" ? window : this);
