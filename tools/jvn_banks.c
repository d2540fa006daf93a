/* jvn_banks.c — how many passes of 32 local-memory banks a warp's table
 * lookups take in cl/rules/jvn.cl's small way (a work-item four cells of a
 * row, so lane l of a warp looks up cell 4l + k), on a soup of JvN29 like
 * `golcl bench rules` steps (half the cells ground, the rest states 1..28
 * alike): the four signal lookups (ushort, 32 words a direction) and the
 * next state by state (c·128 + key) and by key (row key ^ (key >> 5 & 3)).
 * A pass serves one word of each bank; lanes on one word share it.
 *   cc -O2 -o /tmp/jvn_banks tools/jvn_banks.c && /tmp/jvn_banks */
#include <stdio.h>
#include <stdlib.h>

#include "../cl/rules/jvn_rule.cl"

enum { W = 516, H = 512, LANES = 32 };

/* The passes for the words the lanes read: the most distinct words in one bank. */
static int passes(const int *word) {
  int most = 0;
  for (int b = 0; b < 32; b++) {
    int seen[LANES], n = 0;
    for (int l = 0; l < LANES; l++) {
      if (word[l] % 32 != b) continue;
      int dup = 0;
      for (int q = 0; q < n; q++) dup |= seen[q] == word[l];
      if (!dup) seen[n++] = word[l];
    }
    if (n > most) most = n;
  }
  return most;
}

int main(void) {
  static int g[H][W];
  srand(1);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) g[y][x] = rand() % 2 ? 1 + rand() % 28 : 0;
  double sig = 0, by_state = 0, by_key = 0;
  long warps = 0, keys[128] = {0}, live = 0;
  for (int y = 1; y < H - 1; y++)
    for (int x0 = 1; x0 + 4 * LANES < W - 1; x0 += 4 * LANES)
      for (int k = 0; k < 4; k++) {
        int ws[4][LANES], wn[2][LANES];
        for (int l = 0; l < LANES; l++) {
          const int x = x0 + 4 * l + k, c = g[y][x], p = jvn_points(c);
          const int nb[4] = {g[y][x + 1], g[y - 1][x], g[y][x - 1], g[y + 1][x]};
          int m = 0;
          for (int d = 0; d < 4; d++) {
            m |= jvn_signal(jvn_internal(c), jvn_internal(nb[d]), d);
            ws[d][l] = ((d * 2 + (p == d)) * 32 + nb[d]) / 2;
          }
          const int key = jvn_signal_key(m);
          keys[key] += c != 0;
          live += c != 0;
          wn[0][l] = (c * 128 + key) / 4;
          wn[1][l] = ((key ^ (key >> 5 & 3)) * 32 + c) / 4;
        }
        for (int d = 0; d < 4; d++) sig += passes(ws[d]);
        by_state += passes(wn[0]);
        by_key += passes(wn[1]);
        warps++;
      }
  printf("keys of the live cells over 1 %%:");
  for (int k = 0; k < 128; k++)
    if (keys[k] * 100 > live) printf(" %d: %.0f %%", k, 100.0 * keys[k] / live);
  printf(
      "\npasses a warp: the four signal lookups %.2f, the next state by state %.2f, by key "
      "%.2f\n",
      sig / warps, by_state / warps, by_key / warps);
  return 0;
}
