#!/usr/bin/env python3
"""Makes the solver's position sets (README.md says how they are used).

  make_sets.py candidates RUNS_DIR > cand.txt
      positions cut from games won by a five: the winner to move, 1, 3, 5,
      ... 45 plies before the end (70 freestyle games, 25 renju, 25
      standard, at least 24 plies, chosen with a fixed seed)
  solver_bench label 300000 < cand.txt > l300k.txt
  make_sets.py deep l300k.txt > deep.txt
      the positions left unresolved at 300k nodes or with a win of 17 plies
      or more, for a deeper search
  solver_bench label 5000000 < deep.txt > l5m.txt
  make_sets.py select l300k.txt l5m.txt OUT_DIR
      writes short.txt, medium.txt, long.txt and nowin.txt

hard.txt (README.md): games of gen-hard.ini, then
  make_sets.py hardcands RUNS_DIR > hcand.txt
      positions 17, 19, ... 45 plies before the end of games won by a
      five (at least 30 plies), the winner to move
  solver_bench label 200000 < hcand.txt > h200k.txt
  make_sets.py hardcut h200k.txt > hcut.txt
      the positions the search left open at 200k (cut short by the node
      limit), one of each game in turn
  solver_bench label 10000000 < hcut.txt > h10m.txt
  make_sets.py hard h200k.txt h10m.txt OUT_DIR
      writes hard.txt: the wins of 19 to 49 plies the 10M search found,
      then ones proven shortest at 200k, 50 in all, two a game at most
"""
import csv, json, os, random, re, sys

RULES = ('freestyle', 'renju', 'standard')


def candidates(runs):
    random.seed(3)
    for rule in RULES:
        path = os.path.join(runs, 'gen-' + rule, 'games.csv')
        rows = [r for r in csv.DictReader(open(path))
                if r['reason'] == 'five' and int(r['plies']) >= 24]
        random.shuffle(rows)
        for r in rows[:70 if rule == 'freestyle' else 25]:
            mv = r['moves'].split()
            for j in range(1, 46, 2):
                if len(mv) - j < 8:
                    break
                print(f"g{r['job']}-{j} {rule} {' '.join(mv[:len(mv) - j])}")


def hardcands(runs):
    random.seed(5)
    for rule in RULES:
        path = os.path.join(runs, 'hard-' + rule, 'games.csv')
        rows = [r for r in csv.DictReader(open(path))
                if r['reason'] == 'five' and int(r['plies']) >= 30]
        random.shuffle(rows)
        for r in rows:
            mv = r['moves'].split()
            for j in range(17, 46, 2):
                if len(mv) - j < 8:
                    break
                print(f"g{r['job']}-{j} {rule} {' '.join(mv[:len(mv) - j])}")


def parse(t):
    m = re.search(r'win (\d) plies (\d+) shortest (\d) depth (\d+) nodes (\d+)', t)
    return tuple(map(int, m.groups()))


def read_labels(path):
    rows = []
    for line in open(path):
        parts = line.rstrip('\n').split(' | ')
        name, rule = parts[0].split()
        rows.append(dict(name=name, rule=rule, vcf=parse(parts[1]),
                         vct=parse(parts[2]), moves=parts[3]))
    return rows


def deep(l300k):
    for r in read_labels(l300k):
        win, plies, _, depth, _ = r['vct']
        if (not win and depth != 32) or (win and plies >= 17):
            print(f"{r['name']} {r['rule']} {r['moves']}")


def select(l300k, l5m, out):
    random.seed(17)
    rows = read_labels(l300k)
    deeper = {(r['name'], r['rule']): r for r in read_labels(l5m)}
    for r in rows:
        if (r['name'], r['rule']) in deeper:
            r.update(deeper[(r['name'], r['rule'])])
            r['deep'] = True

    def pick(cands, quota):
        got = []
        for rule, k in quota:
            c = [r for r in cands if r['rule'] == rule]
            random.shuffle(c)
            got += c[:k]
        return got

    quota = (('freestyle', 40), ('renju', 12), ('standard', 8))
    won = [r for r in rows if r['vct'][0] and r['vct'][2]]  # proven shortest
    short = pick([r for r in won if 3 <= r['vct'][1] <= 7], quota)
    medium = pick([r for r in won if 9 <= r['vct'][1] <= 17], quota)
    long_ = [r for r in rows if r['vct'][0] and 19 <= r['vct'][1] <= 49 and r.get('deep')]
    # No VCT within 32 attacker moves: the search ended. The ones that took
    # the deeper search all, then the hardest of the rest.
    none = [r for r in rows if not r['vct'][0] and r['vct'][3] == 32]
    hard = [r for r in none if r.get('deep')]
    rest = pick(sorted([r for r in none if not r.get('deep')],
                       key=lambda r: -r['vct'][4])[:150],
                (('freestyle', 30), ('renju', 15), ('standard', 15)))
    nowin = hard + rest[:max(0, 60 - len(hard))]
    heads = {
        'short': 'Forced wins of 3 to 7 plies (the shortest VCT, proven so)',
        'medium': 'Forced wins of 9 to 17 plies (the shortest VCT, proven so)',
        'long': 'Forced wins of 19 to 49 plies (the shortest VCT a search of '
                '5M nodes found)',
        'nowin': 'No VCT for the side to move within 32 attacker moves (a '
                 'search that ended)',
    }
    for name, rs in (('short', short), ('medium', medium), ('long', long_),
                     ('nowin', nowin)):
        with open(os.path.join(out, name + '.txt'), 'w') as f:
            f.write(f"# {heads[name]}. See README.md.\n")
            f.write('# NAME RULE KIND PLIES MOVES (the side to move attacks)\n')
            for r in sorted(rs, key=lambda r: (RULES.index(r['rule']), r['name'])):
                plies = str(r['vct'][1]) if name != 'nowin' else '-'
                f.write(f"{r['name']}{r['rule'][0]} {r['rule']} VCT {plies} "
                        f"{r['moves']}\n")
        print(name, len(rs), file=sys.stderr)


def hardcut(l200k):
    games = {}
    for r in read_labels(l200k):
        if not r['vct'][0] and r['vct'][3] != 32:
            games.setdefault((r['rule'], r['name'].split('-')[0]), []).append(r)
    for g in games.values():
        g.sort(key=lambda r: int(r['name'].split('-')[1]))
    while any(games.values()):
        for k in sorted(games):
            if games[k]:
                r = games[k].pop(0)
                print(f"{r['name']} {r['rule']} {r['moves']}")


def hard(l200k, l10m, out):
    """Every win of 19 to 49 plies the search at 10M nodes found among the
    positions left open at 200k (at most two a game), then wins of 19 to
    49 plies proven shortest at 200k (drawn with a fixed seed, at most two
    a game) up to 50."""
    random.seed(23)
    per_game = {}

    def take(r):
        g = (r['rule'], r['name'].split('-')[0])
        if per_game.get(g, 0) >= 2:
            return False
        per_game[g] = per_game.get(g, 0) + 1
        return True

    deep_ = [r for r in read_labels(l10m) if r['vct'][0] and 19 <= r['vct'][1] <= 49]
    easy = [r for r in read_labels(l200k)
            if r['vct'][0] and r['vct'][2] and 19 <= r['vct'][1] <= 49]
    random.shuffle(easy)
    got = [r for r in deep_ if take(r)]
    n_deep = len(got)
    got += [r for r in easy if take(r)][:50 - len(got)]
    with open(os.path.join(out, 'hard.txt'), 'w') as f:
        f.write('# Forced wins of 19 to 49 plies from games at larger budgets '
                '(gen-hard.ini). See README.md.\n')
        f.write('# NAME RULE KIND PLIES MOVES (the side to move attacks)\n')
        for r in sorted(got, key=lambda r: (RULES.index(r['rule']), r['name'])):
            f.write(f"{r['name']}{r['rule'][0]} {r['rule']} VCT {r['vct'][1]} "
                    f"{r['moves']}\n")
    print('hard', len(got), ':', n_deep, 'from the 10M search', file=sys.stderr)


if __name__ == '__main__':
    cmd = sys.argv[1] if len(sys.argv) > 1 else ''
    if cmd == 'candidates' and len(sys.argv) == 3:
        candidates(sys.argv[2])
    elif cmd == 'deep' and len(sys.argv) == 3:
        deep(sys.argv[2])
    elif cmd == 'hardcands' and len(sys.argv) == 3:
        hardcands(sys.argv[2])
    elif cmd == 'hardcut' and len(sys.argv) == 3:
        hardcut(sys.argv[2])
    elif cmd == 'hard' and len(sys.argv) == 5:
        hard(*sys.argv[2:])
    elif cmd == 'select' and len(sys.argv) == 5:
        select(*sys.argv[2:])
    else:
        sys.exit(__doc__)
