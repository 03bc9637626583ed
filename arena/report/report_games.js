/* report_games.js - the games table and the board viewer of report.html
 * (report_page.js has the helpers and main; the three share one scope).
 *
 * The games come column by column (arena/report/report_html.h): names as indices
 * into name lists, and the moves of every game packed into one base64
 * string of fixed-width point indices, decoded when a game is shown, so a
 * page of 100,000 games opens without building them. The table shows a
 * page at a time. #game=JOB&move=K in the address opens a game at a move. */

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
	var game = -1, moves = [], k = 0;
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
	var details = el("div");
	var legend = el("p", {cls: "note", text: "Dashed ring: a stone of the opening. Red ring: the last stone. " +
	                                         "Red line: the winning five; red cross: the forbidden point. " +
	                                         "Keys: \u2190 \u2192 step, Home and End jump."});
	info.appendChild(details);
	info.appendChild(legend);
	s.appendChild(el("div", {cls: "viewer"}, [el("div", null, [board, buttons]), info]));
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
			go(move === null ? moves.length : move);
			if (gameGrid)
				gameGrid.show(i);
			try { /* an address to come back to this game */
				history.replaceState(null, "", "#game=" + c.job[i] + (move === null ? "" : "&move=" + move));
			} catch (e) { /* some browsers refuse it for file: pages */ }
		}
	};
}
