/* report_games.js - the games table and the board viewer of report.html
 * (report_page.js has the helpers and main; the three share one scope).
 *
 * The games come column by column (arena/report/report_html.h): names as indices
 * into name lists, and the moves of every game packed into one base64
 * string of fixed-width point indices, decoded when a game is shown, so a
 * page of 100,000 games opens without building them. The table shows a
 * page at a time. #game=JOB&move=K in the address opens a game at a move.
 * Games with moves.csv rows carry each move's time, eval and depth
 * ("info", arena/report/internal/report_moves.h), read when the game is shown:
 * the viewer shows the current move's and draws an eval graph and a time
 * graph, each only when it has values. */

var G, gameGrid, viewer, filterBox;
var RESULTS = ["0-1", "\u00bd-\u00bd", "1-0"];

function games(g) {
	G = g;
	var n = g.shown, c = g.cols;
	/* Columns sent as differences, and the moves read when they are the plies. */
	g.delta.forEach(function (k) {
		for (var i = 1; i < n; i++)
			c[k][i] += c[k][i - 1];
	});
	if (!c.moves)
		c.moves = c.plies;
	G.first = new Float64Array(n + 1);
	G.byJob = new Map();
	for (var i = 0; i < n; i++) {
		G.first[i + 1] = G.first[i] + c.moves[i];
		G.byJob.set(c.job[i], i);
	}
	/* Names sort by their rank in the sorted list, not by index. */
	G.nameRank = rankOf(g.players);
	G.openingRank = rankOf(g.openings);
	G.lower = {players: lower(g.players), openings: lower(g.openings), reasons: lower(g.reasons)};
	if (g.info) { /* page index -> its string of values */
		g.info.at = new Map();
		for (var j = 0, at = 0; j < g.info.games.length; j++)
			g.info.at.set(at += g.info.games[j], j);
	}

	var s = section("games", "Games");
	if (g.shown < g.total || g.total < 0)
		note(s, "The first " + g.shown + (g.total < 0 ? "" : " of " + g.total) + " games (every game is in games.csv).");
	filterBox = el("input", {type: "search", placeholder: "filter: players, opening, reason, result (all words must match)",
	                         "aria-label": "filter the games"});
	filterBox.addEventListener("input", applyFilter);
	s.appendChild(el("div", {cls: "controls"}, [filterBox, el("span", {cls: "note", text: "Click a row to show the game on the board."})]));
	function sec(ms) { return ms < 0 ? null : ms / 1000; }
	var cols = [
		{label: "job", value: function (i) { return c.job[i]; }},
		{label: "round", value: function (i) { return c.round[i]; }},
		{label: "black", text: true, value: function (i) { return G.nameRank[c.black[i]]; }, show: function (i) { return g.players[c.black[i]]; }},
		{label: "white", text: true, value: function (i) { return G.nameRank[c.white[i]]; }, show: function (i) { return g.players[c.white[i]]; }},
		{label: "result", value: function (i) { return c.result[i]; }, show: function (i) { return RESULTS[c.result[i]]; }},
		{label: "reason", text: true, value: function (i) { return g.reasons[c.reason[i]]; }},
		{label: "plies", value: function (i) { return c.plies[i]; }},
		{label: "opening", text: true, value: function (i) { return G.openingRank[c.opening[i]]; }, show: function (i) { return g.openings[c.opening[i]]; }},
		{label: "black s", help: "black's thinking time in the game, seconds", value: function (i) { return sec(c.black_ms[i]); },
		 show: function (i) { return fixed(sec(c.black_ms[i]), 1); }},
		{label: "white s", help: "white's thinking time in the game, seconds", value: function (i) { return sec(c.white_ms[i]); },
		 show: function (i) { return fixed(sec(c.white_ms[i]), 1); }}
	];
	gameGrid = grid(cols, n, {pageSize: 20, onPick: function (i) { viewer.show(i, null); }});
	gameGrid.node.setAttribute("id", "games-table");
	s.appendChild(gameGrid.node);
	viewer = makeViewer(section("board", "Board"));
	var want = /game=(\d+)(?:&move=(\d+))?/.exec(location.hash);
	var start = want && G.byJob.has(Number(want[1])) ? G.byJob.get(Number(want[1])) : 0;
	viewer.show(start, want && want[2] !== undefined ? Number(want[2]) : null);
}

function lower(list) {
	return list.map(function (x) { return String(x).toLowerCase(); });
}

function rankOf(list) {
	var idx = list.map(function (x, i) { return i; });
	idx.sort(function (a, b) { return list[a] < list[b] ? -1 : list[a] > list[b] ? 1 : 0; });
	var rank = new Int32Array(list.length);
	idx.forEach(function (i, r) { rank[i] = r; });
	return rank;
}

function applyFilter() {
	var words = filterBox.value.toLowerCase().split(/\s+/).filter(Boolean), c = G.cols, L = G.lower;
	var rows = [];
	for (var i = 0; i < G.shown; i++) {
		var ok = words.every(function (w) {
			return L.players[c.black[i]].indexOf(w) >= 0 || L.players[c.white[i]].indexOf(w) >= 0 ||
			       L.openings[c.opening[i]].indexOf(w) >= 0 || L.reasons[c.reason[i]].indexOf(w) >= 0 ||
			       RESULTS[c.result[i]] === w;
		});
		if (ok)
			rows.push(i);
	}
	gameGrid.setRows(rows);
}

/* Lists the games whose players, opening or reason hold every word of
 * text (the matrix and the pairings call it). */
function filterGames(text) {
	if (!filterBox)
		return;
	filterBox.value = text;
	applyFilter();
	document.getElementById("games").scrollIntoView();
}

function showJob(job) {
	if (G && G.byJob.has(job)) {
		viewer.show(G.byJob.get(job), null);
		document.getElementById("board").scrollIntoView();
	}
}

var bytes = null;

/* The moves of game i: point indices y * size + x, y from the top. */
function movesOf(i) {
	if (!bytes) {
		var bin = atob(G.moves);
		bytes = new Uint8Array(bin.length);
		for (var k = 0; k < bin.length; k++)
			bytes[k] = bin.charCodeAt(k);
	}
	var out = [], bits = G.bits, at = G.first[i] * bits;
	for (var m = 0; m < G.cols.moves[i]; m++) {
		var v = 0;
		for (var b = 0; b < bits; b++, at++)
			v = v * 2 + ((bytes[Math.floor(at / 8)] >> (7 - at % 8)) & 1);
		out.push(v);
	}
	return out;
}

var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Each move of game i: {ms, ev, dp}, arrays by ply - 1 with null where
 * not known; null when the game carries none. */
function infoOf(i) {
	var I = G.info;
	if (!I || !I.at.has(i))
		return null;
	var s = I.v[I.at.get(i)], vals = [], v = 0, scale = 1;
	for (var k = 0; k < s.length; k++) {
		var d = B64.indexOf(s.charAt(k));
		v += (d & 31) * scale;
		if (d & 32) {
			scale *= 32;
		} else {
			vals.push(v);
			v = 0;
			scale = 1;
		}
	}
	var out = {ms: [], ev: [], dp: []};
	for (var m = 0; m + 2 < vals.length; m += 3) {
		var e = vals[m + 1];
		out.ms.push(vals[m] ? vals[m] - 1 : null);
		out.ev.push(e === 0 ? null : (e - 1) % 2 ? -e / 2 : (e - 1) / 2);
		out.dp.push(vals[m + 2] ? vals[m + 2] - 1 : null);
	}
	return out;
}

/* An eval as the engine gave it, or "win in N" for a proven one. */
function evalText(e) {
	if (Math.abs(e) >= G.info.proven)
		return (e > 0 ? "win" : "loss") + " in " + (G.info.win - Math.abs(e));
	return signed(e, 0);
}

/* A graph of values by ply (1 to n), each series [{cls, name, points:
 * [[ply, y, tip]]}], with a line at 0 when zero; a click picks the
 * nearest ply (pick(ply)). Returns {node, mark(k)}: mark shows ply k. */
function moveGraph(n, series, opts) {
	var W = 640, H = 170, L = 52, R = 12, T = 10, B = 26;
	var ys = [opts.zero ? 0 : opts.min || 0];
	series.forEach(function (s) { s.points.forEach(function (p) { ys.push(p[1]); }); });
	var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
	if (y0 === y1)
		y1 = y0 + 1;
	var pad = (y1 - y0) * 0.06;
	y0 -= opts.zero ? pad : 0;
	y1 += pad;
	function X(v) { return L + (v - 0.5) / n * (W - L - R); }
	function Y(v) { return T + (y1 - v) / (y1 - y0) * (H - T - B); }
	var g = sv("svg", {cls: "graph " + opts.cls, width: W, height: H, viewBox: "0 0 " + W + " " + H, role: "img",
	                   "aria-label": opts.title});
	g.appendChild(sv("title", {}, opts.title));
	ticks(y0, y1, 4).forEach(function (v) {
		g.appendChild(sv("line", {cls: v === 0 && opts.zero ? "zero" : "grid", x1: L, x2: W - R, y1: Y(v), y2: Y(v)}));
		g.appendChild(sv("text", {x: L - 6, y: Y(v) + 4, "text-anchor": "end"}, String(+v.toPrecision(6))));
	});
	ticks(1, n, 8).forEach(function (v) {
		if (v === Math.round(v))
			g.appendChild(sv("text", {x: X(v), y: H - B + 16, "text-anchor": "middle"}, String(v)));
	});
	g.appendChild(sv("line", {cls: "axis", x1: L, x2: L, y1: T, y2: H - B}));
	g.appendChild(sv("line", {cls: "axis", x1: L, x2: W - R, y1: H - B, y2: H - B}));
	g.appendChild(sv("text", {x: W - R, y: H - 2, "text-anchor": "end"}, "move"));
	var cursor = sv("line", {cls: "cursor", y1: T, y2: H - B, x1: -10, x2: -10});
	g.appendChild(cursor);
	series.forEach(function (s) {
		var d = s.points.map(function (p) { return X(p[0]).toFixed(1) + "," + Y(p[1]).toFixed(1); }).join(" ");
		g.appendChild(sv("polyline", {cls: "curve " + s.cls, points: d}));
		s.points.forEach(function (p) {
			var c = sv("circle", {cls: "pt " + s.cls, cx: X(p[0]).toFixed(1), cy: Y(p[1]).toFixed(1), r: 2.6,
			                      "data-ply": p[0]});
			c.appendChild(sv("title", {}, p[2]));
			g.appendChild(c);
		});
	});
	g.addEventListener("click", function (e) {
		var r = g.getBoundingClientRect(), x = (e.clientX - r.left) / r.width * W;
		opts.pick(Math.max(1, Math.min(n, Math.round((x - L) / (W - L - R) * n + 0.5))));
	});
	return {
		node: g,
		mark: function (k) {
			var x = k > 0 ? X(k).toFixed(1) : -10;
			cursor.setAttribute("x1", x);
			cursor.setAttribute("x2", x);
		}
	};
}

/* The eval and time graphs of a game's values (infoOf), each when it has
 * something to show, into box; calls pick(ply) on a click. Returns the
 * graphs drawn. */
function infoGraphs(box, info, names, pick) {
	var n = info.ms.length, ev = [[], []], ms = [[], []], lim = 0, spent = false;
	info.ev.forEach(function (e) {
		if (e !== null && Math.abs(e) < G.info.proven)
			lim = Math.max(lim, Math.abs(e));
	});
	lim = lim || 1;
	for (var m = 0; m < n; m++) {
		var c = m % 2, e = info.ev[m], who = (c ? "white" : "black") + " (" + names[c] + ")";
		if (e !== null) { /* black's view: white's eval negated; a proven one at the edge */
			var b = c ? -e : e;
			ev[c].push([m + 1, Math.max(-lim, Math.min(lim, b)),
			            "move " + (m + 1) + ", " + who + ": eval " + evalText(e) + (c ? " (its view; drawn negated)" : "")]);
		}
		if (info.ms[m] !== null) {
			ms[c].push([m + 1, info.ms[m], "move " + (m + 1) + ", " + who + ": " + info.ms[m] + " ms"]);
			spent = spent || info.ms[m] > 0;
		}
	}
	var out = [];
	function legend(text) {
		box.appendChild(el("div", {cls: "legend"}, [
			el("span", null, [el("span", {cls: "swatch b"}), "black: " + names[0]]),
			el("span", null, [el("span", {cls: "swatch w"}), "white: " + names[1]]), el("span", {cls: "note", text: text})]));
	}
	if (ev[0].length + ev[1].length) {
		box.appendChild(el("h3", {text: "Eval"}));
		legend("from black's point of view: black's evals as given, white's negated (each engine's own units)");
		out.push(moveGraph(n, [{cls: "b", points: ev[0]}, {cls: "w", points: ev[1]}],
		                   {cls: "eval", zero: true, title: "eval by move, black's point of view", pick: pick}));
		box.appendChild(out[out.length - 1].node);
	}
	if (spent) {
		box.appendChild(el("h3", {text: "Time per move"}));
		legend("milliseconds on the arena's clock");
		out.push(moveGraph(n, [{cls: "b", points: ms[0]}, {cls: "w", points: ms[1]}],
		                   {cls: "time", title: "time per move, ms", pick: pick}));
		box.appendChild(out[out.length - 1].node);
	}
	return out;
}

function pointName(p) {
	return String.fromCharCode(97 + p % G.size) + (G.size - Math.floor(p / G.size));
}

/* The five (or more) in a row through point p, as its two end points. */
function fiveThrough(stone, p) {
	var n = G.size, x = p % n, y = Math.floor(p / n), c = stone[p];
	var dirs = [[1, 0], [0, 1], [1, 1], [1, -1]];
	for (var d = 0; d < 4; d++) {
		var dx = dirs[d][0], dy = dirs[d][1], a = 0, b = 0;
		while (inside(x + (a + 1) * dx, y + (a + 1) * dy) && stone[(y + (a + 1) * dy) * n + x + (a + 1) * dx] === c) a++;
		while (inside(x - (b + 1) * dx, y - (b + 1) * dy) && stone[(y - (b + 1) * dy) * n + x - (b + 1) * dx] === c) b++;
		if (a + b + 1 >= 5)
			return [[x + a * dx, y + a * dy], [x - b * dx, y - b * dy]];
	}
	return null;
	function inside(u, v) { return u >= 0 && v >= 0 && u < n && v < n; }
}

function makeViewer(s) {
	var n = G.size, C = n <= 15 ? 30 : 24, M = 26, W = 2 * M + C * (n - 1);
	var game = -1, moves = [], k = 0, info = null, graphs = [];
	var board = sv("svg", {cls: "board", width: W, height: W, viewBox: "0 0 " + W + " " + W, role: "img", "aria-label": "board"});
	board.appendChild(sv("rect", {x: 0, y: 0, width: W, height: W, rx: 6, fill: "#e3b867"}));
	for (var i = 0; i < n; i++) {
		board.appendChild(sv("line", {cls: "cell", x1: M, x2: W - M, y1: M + i * C, y2: M + i * C}));
		board.appendChild(sv("line", {cls: "cell", y1: M, y2: W - M, x1: M + i * C, x2: M + i * C}));
		board.appendChild(sv("text", {cls: "coord", x: M + i * C, y: M / 2 - 2}, String.fromCharCode(97 + i)));
		board.appendChild(sv("text", {cls: "coord", x: M / 2 - 2, y: M + i * C}, String(n - i)));
	}
	var stones = sv("g", {id: "stones"}), marks = sv("g");
	board.appendChild(stones);
	board.appendChild(marks);
	var info = el("div", {cls: "info"});
	var pos = el("span", {id: "board-move"});
	function button(text, label, to) {
		return el("button", {text: text, title: label, "aria-label": label, onclick: function () { go(to()); }});
	}
	var buttons = el("div", {cls: "controls"}, [
		button("\u00ab", "first move (Home)", function () { return 0; }),
		button("\u2039", "back (left arrow)", function () { return k - 1; }),
		button("\u203a", "forward (right arrow)", function () { return k + 1; }),
		button("\u00bb", "last move (End)", function () { return moves.length; }), pos]);
	var details = el("div"), now = el("div", {id: "move-info"}), box = el("div", {cls: "graphs"});
	var legend = el("p", {cls: "note", text: "Dashed ring: a stone of the opening. Red ring: the last stone. " +
	                                         "Red line: the winning five; red cross: the forbidden point. " +
	                                         "Keys: \u2190 \u2192 step, Home and End jump."});
	info.appendChild(details);
	info.appendChild(now);
	info.appendChild(legend);
	s.appendChild(el("div", {cls: "viewer"}, [el("div", null, [board, buttons]), info]));
	s.appendChild(box);
	document.addEventListener("keydown", function (e) {
		if (game < 0 || /INPUT|SELECT|TEXTAREA/.test(e.target.tagName) || e.altKey || e.ctrlKey || e.metaKey)
			return;
		var to = {ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: moves.length}[e.key];
		if (to !== undefined) {
			go(to);
			e.preventDefault();
		}
	});
	function at(p) { return [M + (p % n) * C, M + Math.floor(p / n) * C]; }
	function go(to) {
		k = Math.max(0, Math.min(moves.length, to));
		draw();
	}
	function draw() {
		var c = G.cols, open = G.opening_stones[c.opening[game]];
		var stone = new Int8Array(n * n);
		stones.textContent = "";
		marks.textContent = "";
		for (var m = 0; m < k; m++) {
			var p = moves[m], xy = at(p), black = m % 2 === 0;
			stone[p] = black ? 1 : 2;
			if (m < open)
				stones.appendChild(sv("circle", {cls: "opening", cx: xy[0], cy: xy[1], r: C * 0.49}));
			stones.appendChild(sv("circle", {cls: "stone " + (black ? "black" : "white"), cx: xy[0], cy: xy[1], r: C * 0.42,
			                                 "data-ply": m + 1, "data-color": black ? "black" : "white",
			                                 "data-point": pointName(p), "data-opening": m < open ? "yes" : "no"}));
			stones.appendChild(sv("text", {cls: "num" + (black ? " on-black" : ""), x: xy[0], y: xy[1]}, String(m + 1)));
		}
		if (k > 0) {
			var last = at(moves[k - 1]);
			marks.appendChild(sv("circle", {cls: "last", cx: last[0], cy: last[1], r: C * 0.5}));
		}
		var reason = G.reasons[c.reason[game]], end = k === moves.length && k > 0;
		if (end && reason === "five") {
			var five = fiveThrough(stone, moves[k - 1]);
			if (five)
				marks.appendChild(sv("line", {cls: "five", x1: M + five[0][0] * C, y1: M + five[0][1] * C, x2: M + five[1][0] * C, y2: M + five[1][1] * C}));
		}
		if (end && reason === "forbidden") {
			var f = at(moves[k - 1]), r = C * 0.35;
			marks.appendChild(sv("path", {cls: "forbidden", d: "M" + (f[0] - r) + "," + (f[1] - r) + "l" + 2 * r + "," + 2 * r +
			                              "M" + (f[0] + r) + "," + (f[1] - r) + "l" + -2 * r + "," + 2 * r}));
		}
		pos.textContent = "move " + k + " of " + moves.length + (k > 0 ? ": " + pointName(moves[k - 1]) : "") +
		                  (k > 0 && k <= open ? " (opening)" : "");
		board.setAttribute("data-job", c.job[game]);
		board.setAttribute("data-shown", k);
		drawInfo(open);
	}
	/* The last stone's time, eval and depth, and the graphs' cursor. */
	function drawInfo(open) {
		now.textContent = "";
		graphs.forEach(function (gr) { gr.mark(k); });
		if (!info || k === 0)
			return;
		var m = k - 1, parts = [];
		if (info.ms[m] !== null)
			parts.push(fixed(info.ms[m] / 1000, 3) + " s");
		if (info.ev[m] !== null)
			parts.push("eval " + evalText(info.ev[m]) + " (" + (m % 2 ? "white" : "black") + "'s view)");
		if (info.dp[m] !== null)
			parts.push("depth " + info.dp[m]);
		if (!parts.length)
			parts.push(m < open ? "an opening stone" : "nothing recorded");
		now.appendChild(el("b", {text: "move " + k + ": "}));
		now.appendChild(document.createTextNode(parts.join(", ")));
	}
	return {
		show: function (i, move) {
			var c = G.cols;
			game = i;
			moves = movesOf(i);
			var open = G.opening_stones[c.opening[i]];
			details.textContent = "";
			[["game", "job " + c.job[i] + ", pair " + c.pair[i] + ", round " + c.round[i]],
			 ["black", G.players[c.black[i]] + (c.black_ms[i] >= 0 ? " (" + fixed(c.black_ms[i] / 1000, 2) + " s)" : "")],
			 ["white", G.players[c.white[i]] + (c.white_ms[i] >= 0 ? " (" + fixed(c.white_ms[i] / 1000, 2) + " s)" : "")],
			 ["result", RESULTS[c.result[i]] + " by " + G.reasons[c.reason[i]] + " after " + plural(c.plies[i], "ply")],
			 ["opening", G.openings[c.opening[i]] + (open >= 0 ? " (" + plural(open, "stone") + ")" : "")]].forEach(function (row) {
				details.appendChild(el("div", null, [el("b", {text: row[0] + ": "}), row[1]]));
			});
			if (moves.length !== c.plies[i])
				note(details, "The moves of this game could not be read.", "warn");
			info = infoOf(i);
			if (info && info.ms.length !== moves.length)
				info = null;
			box.textContent = "";
			graphs = info ? infoGraphs(box, info, [G.players[c.black[i]], G.players[c.white[i]]], go) : [];
			if (G.info && G.info.note)
				note(box, "Each move's time and eval are not shown: " + G.info.note, "warn");
			if (G.info && G.info.cut !== undefined && i >= G.info.cut)
				note(box, "This page carries each move's time and eval for its first " + G.info.cut +
				     " games only: arena show games.csv " + c.job[i] + " prints this game's.");
			go(move === null ? moves.length : move);
			if (gameGrid)
				gameGrid.show(i);
			try { /* an address to come back to this game */
				history.replaceState(null, "", "#game=" + c.job[i] + (move === null ? "" : "&move=" + move));
			} catch (e) { /* some browsers refuse it for file: pages */ }
		}
	};
}
