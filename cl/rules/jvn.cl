/* jvn.cl — Golly's JvN algorithm (JvN29, Nobili32, Hutton32): one
 * work-item a cell reads its four von Neumann neighbours and applies
 * golcl_jvn_next (rules/jvn_rule.cl, which the host reference compiles
 * too). Any size; GOLCL_TORUS (0/1) picks the boundary, GOLCL_JVN_RULE the
 * rule (GOLCL_JVN29, GOLCL_NOBILI32, GOLCL_HUTTON32). */
#include "rules/jvn_rule.cl"

__kernel void jvn_step(__global const uchar *in, __global uchar *out, int w, int h) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  const size_t i = (size_t)y * w + x;
  int e, n, wst, s;
  if (x > 0 && y > 0 && x < w - 1 && y < h - 1) { /* the interior: no boundary */
    e = in[i + 1], wst = in[i - 1], n = in[i - w], s = in[i + w];
  } else {
#if GOLCL_TORUS
    const int xe = x + 1 == w ? 0 : x + 1, xw = x == 0 ? w - 1 : x - 1;
    const int yn = y == 0 ? h - 1 : y - 1, ys = y + 1 == h ? 0 : y + 1;
    e = in[(size_t)y * w + xe], wst = in[(size_t)y * w + xw];
    n = in[(size_t)yn * w + x], s = in[(size_t)ys * w + x];
#else
    e = x + 1 < w ? in[i + 1] : 0, wst = x > 0 ? in[i - 1] : 0;
    n = y > 0 ? in[i - w] : 0, s = y + 1 < h ? in[i + w] : 0;
#endif
  }
  out[i] = (uchar)golcl_jvn_next(GOLCL_JVN_RULE, in[i], e, n, wst, s);
}
