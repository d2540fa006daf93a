#!/usr/bin/env python3
# soup.py N SEED PATH — an N x N random soup (density 0.5) as RLE, for the wall rows.
import random, sys
n, seed, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed)
with open(path, 'w') as f:
    f.write(f"x = {n}, y = {n}, rule = B3/S23\n")
    for y in range(n):
        bits = random.getrandbits(n)
        s = format(bits, f'0{n}b').replace('0', 'b').replace('1', 'o')
        out = []; i = 0
        while i < n:
            j = i
            while j < n and s[j] == s[i]: j += 1
            c = j - i; out.append((str(c) if c > 1 else '') + s[i]); i = j
        f.write(''.join(out) + ('$\n' if y < n - 1 else '!\n'))
