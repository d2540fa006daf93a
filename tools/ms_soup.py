#!/usr/bin/python3
"""ms_soup.py OUT.rle RULE STATES SIDE [DENSITY SEED [fast]]: a random multi-state
soup as Golly's RLE (states uniform over 1..STATES-1 with probability DENSITY,
Python's random.Random(SEED)), lines cut between tokens. The soups of
docs/benchmarks.md ("Tiles of states"): bb1024.rle /2/3 3 1024, ww1024.rle
WireWorld 4 1024 (density 0.5, seed 1). "fast": another soup of the same law
from random bytes, a state a letter without run counts (an 8192² soup in a few
seconds where the runs take minutes; tools/gpu-mstiles.sh)."""
import random
import sys


def soup(name, rule, states, n, dens=0.5, seed=1):
    rnd = random.Random(seed)
    toks = []
    for y in range(n):
        row = ''.join('.' if rnd.random() >= dens else chr(ord('A') + rnd.randrange(states - 1))
                      for x in range(n)).rstrip('.')
        i = 0
        while i < len(row):
            j = i
            while j < len(row) and row[j] == row[i]:
                j += 1
            toks.append((str(j - i) if j - i > 1 else '') + row[i])
            i = j
        toks.append('$' if y < n - 1 else '!')
    lines, cur = [], ''
    for t in toks:
        if len(cur) + len(t) > 70:
            lines.append(cur)
            cur = ''
        cur += t
    lines.append(cur)
    with open(name, 'w') as f:
        f.write('x = %d, y = %d, rule = %s\n' % (n, n, rule) + '\n'.join(lines) + '\n')


def fast_soup(name, rule, states, n, dens=0.5, seed=1):
    rnd = random.Random(seed)
    cut = int(dens * 256)  # a byte below cut is a cell not in state 0
    table = bytes(ord('A') + b * (states - 1) // cut if b < cut else ord('.')
                  for b in range(256))
    with open(name, 'w') as f:
        f.write('x = %d, y = %d, rule = %s\n' % (n, n, rule))
        for y in range(n):
            row = rnd.randbytes(n).translate(table).decode().rstrip('.')
            row += '$' if y < n - 1 else '!'
            f.write('\n'.join(row[i:i + 70] for i in range(0, len(row), 70)) + '\n')


if __name__ == '__main__':
    a = sys.argv[1:]
    if len(a) < 4:
        sys.exit(__doc__)
    make = fast_soup if len(a) > 6 and a[6] == 'fast' else soup
    make(a[0], a[1], int(a[2]), int(a[3]), float(a[4]) if len(a) > 4 else 0.5,
         int(a[5]) if len(a) > 5 else 1)
