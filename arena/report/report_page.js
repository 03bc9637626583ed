/* report_page.js - draws report.html from the JSON in #report-data
 * (arena/report/html.h): the helpers every section uses (elements, a sortable
 * paged table, charts) and main(), which draws the sections present;
 * report_sections.js has the summary, standings, head to head, SPRT, the
 * tuners' sections, the openings and the health, report_games.js the games table and
 * the board viewer. html.c puts the three files, in that order, into one
 * function scope and calls main() after them.
 *
 * Every text from the data goes into the page as a text node or an
 * attribute value (el, sv below), never as markup: no innerHTML. When the
 * page is drawn, <body data-state> is "ready" (or "error" with the
 * message shown), which the tests wait for. */

var NS = "http://www.w3.org/2000/svg";
var data, root, toc;

/* An element with properties (text, cls, on<event>, or attributes) and
 * children (nodes or strings, which become text nodes). */
function el(tag, props, kids) {
	var e = document.createElement(tag);
	setProps(e, props);
	(kids || []).forEach(function (c) {
		if (c !== null && c !== undefined)
			e.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
	});
	return e;
}

function setProps(e, props) {
	Object.keys(props || {}).forEach(function (k) {
		var v = props[k];
		if (k === "text")
			e.textContent = v;
		else if (k === "cls")
			e.setAttribute("class", v);
		else if (k.slice(0, 2) === "on")
			e.addEventListener(k.slice(2), v);
		else
			e.setAttribute(k, v);
	});
}

function sv(tag, props, text) {
	var e = document.createElementNS(NS, tag);
	setProps(e, props);
	if (text !== undefined)
		e.textContent = text;
	return e;
}

function fixed(v, d) {
	return v === null || v === undefined || !isFinite(v) ? "" : Number(v).toFixed(d);
}

function signed(v, d) {
	var s = fixed(v, d);
	return s && v > 0 ? "+" + s : s;
}

function plural(n, word) {
	return n + " " + word + (n === 1 ? "" : "s");
}

function section(id, title) {
	var s = el("section", {id: id}, [el("h2", {text: title})]);
	root.appendChild(s);
	toc.appendChild(el("a", {href: "#" + id, text: title}));
	return s;
}

function note(parent, text, cls) {
	parent.appendChild(el("p", {cls: cls || "note", text: text}));
}

/* A CSV embedded by html_json_csv as a list of objects by column name. */
function records(csv) {
	if (!csv || !csv.columns)
		return [];
	return csv.rows.map(function (r) {
		var o = {};
		csv.columns.forEach(function (c, k) { o[c] = r[k]; });
		return o;
	});
}

/* A sortable, paged table over rows 0..count-1. cols: {label, value(i)
 * for sorting, show(i) a string or a node (default: value), text: left
 * aligned, title(i)}. opts: {pageSize, onPick(i), rowClass(i)}. Returns
 * {node, setRows(indices), show(index of a row to bring into view)}. */
function grid(cols, count, opts) {
	opts = opts || {};
	var size = opts.pageSize || 100, page = 0, rows = [], sortCol = -1, dir = 1;
	var body = el("tbody"), head = el("tr");
	var pager = el("div", {cls: "controls"});
	var table = el("table", {cls: "sortable" + (opts.cls ? " " + opts.cls : "")},
	               [el("thead", null, [head]), body]);
	cols.forEach(function (c, k) {
		head.appendChild(el("th", {cls: c.text ? "text" : "", text: c.label, title: c.help || c.label,
		                           onclick: function () { sortBy(k); }}));
	});
	function sortBy(k) {
		dir = sortCol === k ? -dir : (cols[k].text ? 1 : -1);
		sortCol = k;
		var key = new Map();
		rows.forEach(function (i) { key.set(i, cols[k].value(i)); });
		rows.sort(function (a, b) {
			var x = key.get(a), y = key.get(b);
			if (x === y) return a - b;
			if (x === null || x === undefined || x === "") return 1;
			if (y === null || y === undefined || y === "") return -1;
			return (x < y ? -1 : 1) * dir;
		});
		Array.prototype.forEach.call(head.children, function (th, j) {
			th.classList.toggle("asc", j === k && dir > 0);
			th.classList.toggle("desc", j === k && dir < 0);
		});
		page = 0;
		draw();
	}
	function draw() {
		var pages = Math.max(1, Math.ceil(rows.length / size));
		page = Math.min(page, pages - 1);
		body.textContent = "";
		rows.slice(page * size, (page + 1) * size).forEach(function (i) {
			var tr = el("tr", {cls: (opts.onPick ? "pick " : "") + (opts.rowClass ? opts.rowClass(i) : "")});
			tr.dataset.row = i;
			cols.forEach(function (c) {
				var v = c.show ? c.show(i) : c.value(i);
				var td = el("td", {cls: (c.text ? "text " : "") + (c.cls ? c.cls(i) : "")},
				            [v === null || v === undefined ? "" : v]);
				if (c.title)
					td.title = c.title(i);
				tr.appendChild(td);
			});
			if (opts.onPick)
				tr.addEventListener("click", function () { opts.onPick(i); });
			body.appendChild(tr);
		});
		pager.textContent = "";
		if (rows.length <= size && page === 0) {
			if (rows.length > 10 || rows.length === 0)
				pager.appendChild(el("span", {cls: "note", text: plural(rows.length, "row")}));
			return;
		}
		pager.appendChild(el("button", {text: "\u2039 previous", onclick: function () { page--; draw(); }}));
		pager.lastChild.disabled = page === 0;
		pager.appendChild(el("span", {text: "page " + (page + 1) + " of " + pages + " (" + plural(rows.length, "row") + ")"}));
		pager.appendChild(el("button", {text: "next \u203a", onclick: function () { page++; draw(); }}));
		pager.lastChild.disabled = page >= pages - 1;
	}
	var all = [];
	for (var i = 0; i < count; i++)
		all.push(i);
	rows = all;
	draw();
	return {
		node: el("div", null, [el("div", {cls: "scroll"}, [table]), pager]),
		setRows: function (r) {
			rows = r;
			if (sortCol >= 0) {
				dir = -dir;
				sortBy(sortCol);
			} else {
				page = 0;
				draw();
			}
		},
		show: function (i) {
			var at = rows.indexOf(i);
			if (at >= 0 && Math.floor(at / size) !== page) {
				page = Math.floor(at / size);
				draw();
			}
			Array.prototype.forEach.call(body.children, function (tr) {
				tr.classList.toggle("current", Number(tr.dataset.row) === i);
			});
		}
	};
}

/* Round steps for an axis from lo to hi, about n of them. */
function ticks(lo, hi, n) {
	var raw = (hi - lo) / n || 1, mag = Math.pow(10, Math.floor(Math.log10(raw))), step = mag;
	[1, 2, 5, 10].some(function (m) { step = m * mag; return step >= raw; });
	var out = [];
	for (var v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
		out.push(Math.abs(v) < step * 1e-9 ? 0 : +v.toPrecision(12));
	return out;
}

/* A line chart: series [{points: [[x, y]], cls}], with optional
 * horizontal lines [{y, cls, label}] and a band [lo, hi]. The y axis spans
 * them all, or opts.range [lo, hi] (lines and band outside it are not
 * drawn); opts.ylabel is written above it. */
function lineChart(series, opts) {
	var W = opts.width || 640, H = opts.height || 220, L = 56, R = 12, T = opts.ylabel ? 24 : 14, B = 30;
	var xs = [], ys = [];
	series.forEach(function (s) { s.points.forEach(function (p) { xs.push(p[0]); ys.push(p[1]); }); });
	var lines = opts.lines || [], band = opts.band;
	if (opts.range) {
		ys = opts.range.slice();
		lines = lines.filter(function (l) { return l.y >= opts.range[0] && l.y <= opts.range[1]; });
		if (band && (band[1] < opts.range[0] || band[0] > opts.range[1]))
			band = null;
		else if (band)
			band = [Math.max(band[0], opts.range[0]), Math.min(band[1], opts.range[1])];
	}
	lines.forEach(function (l) { ys.push(l.y); });
	if (band) ys.push(band[0], band[1]);
	var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs);
	var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
	if (x0 === x1) x1 = x0 + 1;
	if (y0 === y1) { y0 -= 1; y1 += 1; }
	var pad = (y1 - y0) * 0.05;
	y0 -= pad; y1 += pad;
	function X(v) { return L + (v - x0) / (x1 - x0) * (W - L - R); }
	function Y(v) { return T + (y1 - v) / (y1 - y0) * (H - T - B); }
	var g = sv("svg", {width: W, height: H, viewBox: "0 0 " + W + " " + H, role: "img"});
	if (opts.title)
		g.appendChild(sv("title", {}, opts.title));
	if (band)
		g.appendChild(sv("rect", {cls: "range", x: L, width: W - L - R, y: Y(band[1]), height: Y(band[0]) - Y(band[1])}));
	ticks(y0, y1, 5).forEach(function (v) {
		g.appendChild(sv("line", {cls: "grid", x1: L, x2: W - R, y1: Y(v), y2: Y(v)}));
		g.appendChild(sv("text", {x: L - 6, y: Y(v) + 4, "text-anchor": "end"}, String(+v.toPrecision(6))));
	});
	ticks(x0, x1, 8).forEach(function (v) {
		g.appendChild(sv("text", {x: X(v), y: H - B + 16, "text-anchor": "middle"}, String(+v.toPrecision(6))));
	});
	g.appendChild(sv("line", {cls: "axis", x1: L, x2: L, y1: T, y2: H - B}));
	g.appendChild(sv("line", {cls: "axis", x1: L, x2: W - R, y1: H - B, y2: H - B}));
	if (opts.xlabel)
		g.appendChild(sv("text", {x: W - R, y: H - 2, "text-anchor": "end"}, opts.xlabel));
	if (opts.ylabel)
		g.appendChild(sv("text", {cls: "ylabel", x: 4, y: 12}, opts.ylabel));
	lines.forEach(function (l) {
		g.appendChild(sv("line", {cls: l.cls, x1: L, x2: W - R, y1: Y(l.y), y2: Y(l.y)}));
		if (l.label)
			g.appendChild(sv("text", {x: L + 4, y: Y(l.y) - 4}, l.label));
	});
	series.forEach(function (s) {
		var d = s.points.map(function (p) { return X(p[0]).toFixed(1) + "," + Y(p[1]).toFixed(1); }).join(" ");
		g.appendChild(sv("polyline", {cls: "curve " + (s.cls || ""), points: d}));
		if (s.points.length < 40)
			s.points.forEach(function (p) {
				g.appendChild(sv("circle", {cls: "dot", cx: X(p[0]), cy: Y(p[1]), r: 2.5}));
			});
	});
	return g;
}

function main() {
	try {
		data = JSON.parse(document.getElementById("report-data").textContent);
		root = document.getElementById("report");
		toc = document.getElementById("toc");
		summary(data);
		if (data.standings)
			standings(data.standings);
		if (data.pairs && data.standings)
			headToHead(data.pairs, data.standings);
		if (data.sprt)
			sprt(data.sprt);
		if (data.spsa)
			spsa(data.spsa);
		if (data.texel)
			texel(data.texel);
		if (data.games && data.games.shown > 0)
			games(data.games);
		if (data.openings && data.openings.total > 0)
			openingHealth(data.openings);
		if (data.health)
			health(data.health, data.standings);
		/* Milliseconds from the start of the page's loading to here: the
		 * time to open it, which tests/bench_report.sh reads. */
		document.body.setAttribute("data-ready-ms", Math.round(performance.now()));
		document.body.setAttribute("data-state", "ready");
	} catch (e) {
		document.body.setAttribute("data-state", "error");
		document.body.appendChild(el("pre", {cls: "warn", text: "The page could not be drawn: " + e + "\n" + (e.stack || "")}));
	}
}
