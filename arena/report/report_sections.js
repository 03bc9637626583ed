/* report_sections.js - the sections of report.html drawn from its data
 * (report_html.h says what each holds): the summary line, the standings,
 * the head to head, the SPRT, SPSA and Texel, and the health. The helpers
 * (el, sv, grid, lineChart, ...) are report_page.js's, in the same scope. */

/* The standings: a chart of the ratings with their 95% error bars, and
 * every column of elo.csv (report.c's column table). */
var LABELS = {rank: "#", player: "player", rating: "Elo", error: "\u00b1 95%", points: "points",
              played: "games", percent: "score %", cfs_next: "LOS next %", w: "W", d: "D", l: "L",
              draw_percent: "draw %"};

/* A rating as the terminal prints it: one decimal, "> " before a lower
 * bound, "< " before an upper one (a perfect score, Ordo's rule). */
function ratingText(r) {
	var t = fixed(r.rating, 1);
	if (t === "-0.0") t = "0.0";
	return !t ? "" : (r.bound === "lower" ? "> " : r.bound === "upper" ? "< " : "") + t;
}

function standings(st) {
	var s = section("standings", "Standings");
	var cols = st.columns.map(function (c) { return c.name; });
	var rows = records({columns: cols, rows: st.rows});
	var ends = Object.keys(st.ends).map(function (k) { return k + " " + st.ends[k]; }).join(", ");
	if (st.gauntlet)
		gauntletTable(s, st.gauntlet);
	note(s, (st.anchor ? st.anchor + " is rated 0 (the anchor)" : "The pool averages 0 (no anchor)") +
	     "; error bars are 95% intervals; LOS next: likelihood of superiority over the next player." +
	     (ends ? " Games ended by: " + ends + "." : ""));
	if (st.prior && st.draws)
		note(s, "Virtual-draw prior used: " + st.prior + "; so every player has one virtual draw against a pool-average player, which keeps the ratings finite and in their order.", "note warn");
	else if (st.prior)
		note(s, st.prior.charAt(0).toUpperCase() + st.prior.slice(1) + "; so, as Ordo does, they are rated apart, the others by maximum likelihood: \u201c> X\u201d (\u201c< X\u201d) is a bound, where the group\u2019s score against the players rated before it, with one game turned into a draw, would place it.", "note warn");
	s.appendChild(el("div", {cls: "scroll"}, [ratingChart(rows)]));
	var g = grid(st.columns.filter(function (c) { return c.name !== "bound"; }).map(function (c) {
		var text = c.name === "player";
		return {label: LABELS[c.name] || c.name, help: c.name, text: text,
		        value: function (i) { return rows[i][c.name]; },
		        show: c.name === "rating" ? function (i) { return ratingText(rows[i]); }
		            : c.name === "error" ? function (i) { return fixed(rows[i].error, 1); } : null};
	}), rows.length, {pageSize: 200});
	s.appendChild(g.node);
}

/* A gauntlet's lead: each challenger against each opponent, from the
 * pairing's own games (pairs.csv's columns, the challenger as player A). */
function gauntletTable(s, ga) {
	var cols = ga.columns.map(function (c) { return c.name; });
	var rows = records({columns: cols, rows: ga.rows});
	s.appendChild(el("h3", {text: "Gauntlet"}));
	note(s, "Each challenger against each opponent, from their own games: score, Elo with its 95% interval, and the likelihood of superiority; (all) is the challenger against the whole field.");
	var spec = [["player_a", "challenger", true], ["player_b", "opponent", true], ["games", "games"], ["w", "W"], ["d", "D"], ["l", "L"],
	            ["score", "score %"], ["elo", "Elo"], ["error", "\u00b1 95%"], ["los", "LOS %"]];
	var g = grid(spec.map(function (c) {
		var k = c[0];
		return {label: c[1], text: !!c[2],
		        value: function (i) { return rows[i][k]; },
		        show: function (i) {
		        	var r = rows[i];
		        	if (k === "score" || k === "los") return fixed(r[k] === null ? null : 100 * r[k], 1);
		        	if (k === "elo") return r.elo === null ? (r.score === 1 ? "+inf" : r.score === 0 ? "-inf" : "") : signed(r.elo, 1);
		        	if (k === "error") return fixed(r[k], 1);
		        	return r[k];
		        }};
	}), rows.length, {pageSize: 100, onPick: function (i) { if (rows[i].player_b !== "(all)") filterGames(rows[i].player_a + " " + rows[i].player_b); }});
	s.appendChild(g.node);
	s.appendChild(el("h3", {text: "Ratings"}));
}

function ratingChart(rows) {
	var shown = rows.slice(0, 100), RH = 18, L = 170, W = 720, T = 24;
	var lo = Infinity, hi = -Infinity;
	shown.forEach(function (r) {
		var e = isFinite(r.error) ? r.error : 0;
		lo = Math.min(lo, r.rating - e, 0);
		hi = Math.max(hi, r.rating + e, 0);
	});
	if (!(hi > lo)) { lo -= 1; hi += 1; }
	var pad = (hi - lo) * 0.06; /* room for a bound's open side */
	lo -= pad;
	hi += pad;
	var H = T + RH * shown.length + 8;
	function X(v) { return L + (v - lo) / (hi - lo) * (W - L - 20); }
	var g = sv("svg", {width: W, height: H, viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": "ratings"});
	g.appendChild(sv("title", {}, "Elo with 95% error bars" + (rows.length > shown.length ? " (the first 100 of " + rows.length + ")" : "")));
	ticks(lo, hi, 8).forEach(function (v) {
		g.appendChild(sv("line", {cls: v === 0 ? "zero" : "grid", x1: X(v), x2: X(v), y1: T - 6, y2: H - 4}));
		g.appendChild(sv("text", {x: X(v), y: 12, "text-anchor": "middle"}, String(v)));
	});
	shown.forEach(function (r, k) {
		var y = T + RH * k + RH / 2, e = isFinite(r.error) ? r.error : 0;
		var name = String(r.player);
		g.appendChild(sv("text", {x: L - 8, y: y + 4, "text-anchor": "end"}, name.length > 24 ? name.slice(0, 23) + "\u2026" : name));
		g.appendChild(sv("line", {cls: "bar", x1: X(r.rating - e), x2: X(r.rating + e), y1: y, y2: y}));
		if (r.bound === "lower" || r.bound === "upper") /* a bound: open towards its side */
			g.appendChild(sv("line", {cls: "bar bound", x1: X(r.rating), x2: r.bound === "lower" ? W - 20 : L, y1: y, y2: y}));
		var dot = sv("circle", {cls: "dot", cx: X(r.rating), cy: y, r: 4});
		dot.appendChild(sv("title", {}, name + ": " + ratingText(r) + (isFinite(r.error) ? " \u00b1 " + fixed(r.error, 1) : "")));
		g.appendChild(dot);
	});
	return g;
}

/* The head to head: a matrix coloured by score (a few players), and the
 * pairings' table with pentanomial counts and LOS. */
function headToHead(pairs, st) {
	var s = section("head-to-head", "Head to head");
	if (pairs.total > 0 && pairs.rows.length === 0) {
		note(s, pairs.total + " pairings: too many for this page; see pairs.csv.");
		return;
	}
	var cols = pairs.columns.map(function (c) { return c.name; });
	var rows = records({columns: cols, rows: pairs.rows});
	var who = st.columns.map(function (c) { return c.name; }).indexOf("player");
	var names = st.rows.map(function (r) { return r[who]; });
	var at = new Map();
	rows.forEach(function (r) {
		at.set(r.player_a + "\u0000" + r.player_b, {r: r, flip: false});
		at.set(r.player_b + "\u0000" + r.player_a, {r: r, flip: true});
	});
	if (names.length <= 32) {
		note(s, "Each cell: the row player's score against the column player (green: ahead, red: behind). Hover for the details; click to list their games.");
		var t = el("table", {cls: "matrix"}), hr = el("tr", null, [el("th")]);
		names.forEach(function (n) { hr.appendChild(el("th", {cls: "col", text: n})); });
		t.appendChild(el("thead", null, [hr]));
		var tb = el("tbody");
		names.forEach(function (a) {
			var tr = el("tr", null, [el("th", {cls: "row text", text: a})]);
			names.forEach(function (b) {
				var x = at.get(a + "\u0000" + b);
				if (a === b || !x) {
					tr.appendChild(el("td", {cls: "self"}));
					return;
				}
				var r = x.r, sc = x.flip ? 1 - r.score : r.score;
				var w = x.flip ? r.l : r.w, l = x.flip ? r.w : r.l;
				var p = [r.penta0, r.penta1, r.penta2, r.penta3, r.penta4];
				if (x.flip) p.reverse();
				var los = r.los === null ? "n/a" : fixed(100 * (x.flip ? 1 - r.los : r.los), 1) + "%";
				var td = el("td", {text: fixed(100 * sc, 0),
				                   title: a + " vs " + b + ": +" + w + " =" + r.d + " -" + l + ", score " + fixed(100 * sc, 1) +
				                          "%, Elo " + signed(x.flip ? -r.elo : r.elo, 1) + " \u00b1 " + (fixed(r.error, 1) || "n/a") +
				                          ", LOS " + los + ", pairs (LL LD LW+DD WD WW) " + p.join(" "),
				                   onclick: function () { filterGames(a + " " + b); }});
				var d = Math.abs(sc - 0.5) * 2;
				td.style.background = "hsl(" + (sc >= 0.5 ? 130 : 2) + ",55%," + (96 - 38 * d).toFixed(0) + "%)";
				tr.appendChild(td);
			});
			tb.appendChild(tr);
		});
		t.appendChild(tb);
		s.appendChild(el("div", {cls: "scroll"}, [t]));
	}
	s.appendChild(el("h3", {text: "Pairings"}));
	var spec = [["player_a", "player A", true], ["player_b", "player B", true], ["games", "games"], ["w", "W"], ["d", "D"], ["l", "L"],
	            ["penta", "pairs LL LD LW+DD WD WW"], ["score", "score %"], ["elo", "Elo"], ["error", "\u00b1 95%"],
	            ["nelo", "nElo"], ["los", "LOS %"]];
	var g = grid(spec.map(function (c) {
		var k = c[0];
		return {label: c[1], text: !!c[2],
		        value: function (i) {
		        	var r = rows[i];
		        	return k === "penta" ? r.penta2 : r[k];
		        },
		        show: function (i) {
		        	var r = rows[i];
		        	if (k === "penta") return r.games > 0 && (r.penta0 + r.penta1 + r.penta2 + r.penta3 + r.penta4) ? [r.penta0, r.penta1, r.penta2, r.penta3, r.penta4].join(" ") : "";
		        	if (k === "score" || k === "los") return fixed(r[k] === null ? null : 100 * r[k], 1);
		        	if (k === "elo") return r.elo === null ? (r.score === 1 ? "+inf" : r.score === 0 ? "-inf" : "") : signed(r.elo, 1);
		        	if (k === "error" || k === "nelo") return fixed(r[k], 1);
		        	return r[k];
		        }};
	}), rows.length, {pageSize: 100, onPick: function (i) { filterGames(rows[i].player_a + " " + rows[i].player_b); }});
	s.appendChild(g.node);
}

function sprt(sp) {
	var s = section("sprt", "SPRT");
	note(s, sp.a + " against " + sp.b + ": H0 elo " + sp.elo0 + ", H1 elo " + sp.elo1 + " (logistic), alpha " + sp.alpha + ", beta " + sp.beta +
	     "; after " + plural(sp.pairs, "pair") + " (LL LD LW+DD WD WW " + sp.penta.join(" ") + ").");
	s.appendChild(el("p", {cls: "verdict", text: sp.verdict}));
	var pts = [[0, 0]];
	sp.llr.forEach(function (v, k) { if (v !== null) pts.push([k + 1, v]); });
	s.appendChild(el("div", {cls: "scroll"}, [lineChart([{points: pts}], {
		title: "LLR after each game pair", xlabel: "pairs",
		lines: [{y: sp.upper, cls: "bound h1", label: "H1 accepted at " + fixed(sp.upper, 2)},
		        {y: sp.lower, cls: "bound", label: "H0 accepted at " + fixed(sp.lower, 2)},
		        {y: 0, cls: "zero"}]})]));
}

function spsa(sp) {
	var s = section("spsa", "SPSA");
	var traj = sp.trajectory || {columns: [], rows: []}, last = traj.rows[traj.rows.length - 1];
	note(s, "Player " + sp.player + " (" + sp.type + "), " + sp.iterations + " iterations of " + plural(sp.pairs, "game pair") +
	     "; each parameter's value after each iteration, on an axis spanning its trajectory (not its whole range)" +
	     (last && traj.rows.length < last[0] + 1 ? " (" + traj.rows.length + " of the " + (last[0] + 1) + " rows drawn)" : "") + ".");
	var tab = grid([{label: "parameter", text: true, value: function (i) { return sp.params[i].name; }},
	                {label: "min", value: function (i) { return sp.params[i].min; }},
	                {label: "max", value: function (i) { return sp.params[i].max; }},
	                {label: "start", value: function (i) { return sp.params[i].start; }},
	                {label: "now (theta)", value: function (i) { return last ? last[i + 1] : null; },
	                 show: function (i) { return last ? String(+Number(last[i + 1]).toPrecision(6)) : ""; }}], sp.params.length);
	s.appendChild(tab.node);
	sp.params.forEach(function (p, k) {
		var pts = traj.rows.map(function (r) { return [r[0], r[k + 1]]; });
		s.appendChild(el("h3", {text: p.name}));
		if (pts.length)
			s.appendChild(lineChart([{points: pts}], trajectoryAxis(p, pts)));
	});
	verify(s, sp.verify);
}

/* A parameter's chart: the y axis over the span of its trajectory and
 * start, padded (a flat one over 2% of its range), within [min, max], as
 * params.png scales it (tuner/trajectory.c, trajectory_span: keep the two
 * alike); the bounds drawn where the axis reaches them; the scale said
 * above it. */
function trajectoryAxis(p, pts) {
	var lo = p.start, hi = p.start, full = p.max - p.min;
	pts.forEach(function (q) { lo = Math.min(lo, q[1]); hi = Math.max(hi, q[1]); });
	var span = hi - lo, pad = span > full * 0.002 ? span * 0.1 : (full > 0 ? full : 1) * 0.01;
	var range = [Math.max(p.min, lo - pad), Math.min(p.max, hi + pad)];
	if (!(range[1] > range[0])) range = [lo - 1, hi + 1];
	/* the scale to three digits of the axis's width */
	var d = Math.max(0, Math.min(12, 2 - Math.floor(Math.log10(range[1] - range[0]))));
	function a(x) { return String(+Number(x).toFixed(d)); }
	function v(x) { return String(+Number(x).toPrecision(6)); }
	return {height: 180, xlabel: "iteration", range: range,
	        ylabel: p.name + ": axis " + a(range[0]) + " to " + a(range[1]) + " (the trajectory " + a(lo) + " to " + a(hi) +
	                ", padded); its range [" + v(p.min) + ", " + v(p.max) + "]",
	        lines: [{y: p.start, cls: "zero", label: "start " + v(p.start)},
	                {y: p.min, cls: "bound", label: "min " + v(p.min)},
	                {y: p.max, cls: "bound", label: "max " + v(p.max)}]};
}

/* The SPRT's status in verify.csv, in words. */
var SPRT_WORDS = {
	"H1 accepted": "H1 accepted: the tuned values gain (10 Elo rather than 0)",
	"H0 accepted": "H0 accepted: no gain (0 Elo rather than 10)",
	"continue": "undecided (continue): too few pairs to tell 0 from 10 Elo"};
var VERDICT_WORDS = {
	gain: ["good", "Verdict: a gain. The tuned values measured stronger than the start."],
	unproven: ["", "Verdict: unproven. Neither a gain nor a loss is shown; more verification pairs would tell."],
	rejected: ["bad", "Verdict: rejected. The verification found the tuned values no better than the start: do not adopt them (the tuner exited with status 3, and tuned.ini says so)."]};

/* verify.csv as a table: the tuned player's results against the start,
 * from its view; the pairs LL LD DD/WL WD WW (pentanomial). */
function verify(s, v) {
	var r = records(v)[0];
	if (!r)
		return;
	s.appendChild(el("h3", {text: "Verification: tuned against start"}));
	var elo = r.elo === null ? (r.score === 1 ? "+inf" : r.score === 0 ? "-inf" : "n/a") : signed(r.elo, 1);
	var cells = [["pairs", r.pairs], ["W", r.wins], ["D", r.draws], ["L", r.losses],
	             ["pairs LL LD DD/WL WD WW", [r.penta0, r.penta1, r.penta2, r.penta3, r.penta4].join(" ")],
	             ["score", fixed(100 * r.score, 1) + "%"],
	             ["Elo \u00b1 95%", elo + (r.error === null ? "" : " \u00b1 " + fixed(r.error, 1))],
	             ["LOS", r.los === null ? "n/a" : fixed(100 * r.los, 1) + "%"],
	             ["LLR", fixed(r.llr, 2)],
	             ["SPRT [0, 10], \u03b1 = \u03b2 = 0.05", SPRT_WORDS[r.sprt] || String(r.sprt)]];
	var head = el("tr"), row = el("tr");
	cells.forEach(function (c, k) {
		head.appendChild(el("th", {cls: k === cells.length - 1 ? "text" : "", text: c[0]}));
		row.appendChild(el("td", {cls: k === cells.length - 1 ? "text" : "", text: String(c[1])}));
	});
	s.appendChild(el("div", {cls: "scroll"}, [el("table", {cls: "verify"}, [el("thead", null, [head]), el("tbody", null, [row])])]));
	var w = VERDICT_WORDS[r.verdict];
	if (w)
		s.appendChild(el("p", {cls: "verdict " + w[0], text: w[1]}));
}

function texel(tx) {
	var s = section("texel", "Texel");
	var loss = records(tx.loss)[0], rounds = records(tx.rounds);
	if (loss)
		note(s, "Cross-entropy on " + loss.train_positions + " training and " + loss.validation_positions + " validation positions, K = " + loss.k +
		     ": training " + loss.train_before + " \u2192 " + loss.train_after + ", validation " + loss.validation_before + " \u2192 " + loss.validation_after + ".");
	if (rounds.length) {
		var pts = [];
		rounds.forEach(function (r) { pts.push([r.round - 1, r.train_start], [r.round - 0.001, r.train_end]); });
		s.appendChild(el("h3", {text: "Training loss by round"}));
		note(s, "At each round's start (features extracted with that round's scores) and after its BFGS steps.");
		s.appendChild(lineChart([{points: pts}], {height: 200, xlabel: "round"}));
	}
	var params = records(tx.params);
	s.appendChild(el("h3", {text: "Fitted values"}));
	s.appendChild(grid([{label: "parameter", text: true, value: function (i) { return params[i].parameter; }},
	                    {label: "start", value: function (i) { return params[i].start; }},
	                    {label: "tuned", value: function (i) { return params[i].tuned; }},
	                    {label: "change %", value: function (i) { return params[i].start ? 100 * (params[i].tuned / params[i].start - 1) : null; },
	                     show: function (i) { return params[i].start ? signed(100 * (params[i].tuned / params[i].start - 1), 1) : ""; }}],
	                   params.length).node);
	verify(s, tx.verify);
}

function health(h, st) {
	var s = section("health", "Health");
	var f = h.faults;
	if (!f.total)
		note(s, "No faults: no engine crashed, timed out, broke the protocol, played an illegal move or used too much memory.");
	else {
		s.appendChild(el("h3", {text: "Faults (" + f.total + ")"}));
		s.appendChild(grid([{label: "player", text: true, value: function (i) { return f.players[i]; }}].concat(
			f.reasons.map(function (r, k) { return {label: r, value: function (i) { return f.counts[i][k]; }}; })), f.players.length).node);
		s.appendChild(el("h3", {text: "Each fault" + (f.lines.length < f.total ? " (the first " + f.lines.length + "; all in faults.csv)" : "")}));
		s.appendChild(grid([["job", 0], ["player", 1, true], ["colour", 2], ["reason", 3, true], ["detail", 4, true]].map(function (c) {
			return {label: c[0], text: !!c[2], value: function (i) { return c[1] === 0 ? Number(f.lines[i][0]) : f.lines[i][c[1]]; }};
		}), f.lines.length, {onPick: function (i) { showJob(Number(f.lines[i][0])); }}).node);
	}
	var t = h.time;
	if (!t.players.length)
		return;
	s.appendChild(el("h3", {text: "Thinking time per move"}));
	note(s, t.per_move ? "Over every move after the opening (from the .psq records)." :
	                     "Each game's thinking time over the moves the player made in it (the .psq records, with psq = on, give each move's).");
	s.appendChild(grid([{label: "player", text: true, value: function (i) { return t.players[i].name; }},
	                    {label: "samples", value: function (i) { return t.players[i].n; }},
	                    {label: "median ms", value: function (i) { return t.players[i].median; }, show: function (i) { return fixed(t.players[i].median, 1); }},
	                    {label: "max ms", value: function (i) { return t.players[i].max; }, show: function (i) { return fixed(t.players[i].max, 1); },
	                     cls: function (i) { var p = t.players[i]; return p.limit_ms > 0 && p.max > p.limit_ms ? "over" : ""; }},
	                    {label: "budget", text: true, value: function (i) { return budget(t.players[i]); }}],
	                   t.players.length).node);
}

/* Opening health: per opening, its games, black's score, its pairs split
 * 1-1 or decisive, dead when every game ended the same for black. */
function openingHealth(o) {
	var s = section("openings", "Openings");
	note(s, plural(o.total, "opening") + ", " + o.dead + " dead (every game the same result); " + plural(o.pairs, "colour-swapped pair") +
	     ", " + o.split + " split 1-1" + (o.pairs ? " (" + fixed(100 * o.split / o.pairs, 1) + "%)" : "") +
	     ": a split pair tells the players nothing apart. arena openings DIR --live writes the openings that are not dead." +
	     (o.rows.length < o.total ? " The first " + o.rows.length + " are listed." : "") + " Click a row to list its games.");
	var r = o.rows;
	s.appendChild(grid([{label: "opening", text: true, value: function (i) { return r[i][0]; }},
	                    {label: "games", value: function (i) { return r[i][1]; }},
	                    {label: "black %", value: function (i) { return r[i][2]; }, show: function (i) { return fixed(r[i][2] === null ? null : 100 * r[i][2], 1); }},
	                    {label: "pairs", value: function (i) { return r[i][3]; }},
	                    {label: "split", value: function (i) { return r[i][4]; }},
	                    {label: "decisive", value: function (i) { return r[i][3] - r[i][4]; }},
	                    {label: "dead", text: true, value: function (i) { return r[i][5] ? "dead" : ""; }}],
	                   r.length, {pageSize: 100, onPick: function (i) { filterGames(r[i][0]); }}).node);
}

/* A player's budget a move, from config.ini ("" when unknown). */
function budget(p) {
	var parts = [];
	if (p.limit_nodes) parts.push(p.limit_nodes + " nodes");
	if (p.limit_depth) parts.push("depth " + p.limit_depth);
	if (p.limit_ms) parts.push(p.limit_ms + " ms");
	return parts.join(", ") || (p.known ? "no limit" : "");
}

function summary(d) {
	var parts = [], r = d.run || {};
	if (d.games)
		parts.push(d.games.total < 0 ? "more than " + plural(d.games.shown, "game") : plural(d.games.total, "game"));
	if (d.standings)
		parts.push(plural(d.standings.rows.length, "player"));
	if (r.kind)
		parts.push(r.kind + " on " + r.board + "\u00d7" + r.board + ", " + r.rule + (r.openings ? ", openings " + r.openings : "") +
		           (r.symmetries ? " with symmetries" : ""));
	var p = el("p", {cls: "summary", text: parts.join(" \u00b7 ")});
	root.appendChild(p);
	if (r.note && d.games)
		note(root, "(" + r.note + ": the board size is the smallest that holds the moves, and openings are not set apart)");
}
