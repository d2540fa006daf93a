/* family.c — the table of the rule families (rules.h's
 * golcl__ms_family_ops): the family that runs a rule, for msgrid.c to
 * dispatch through. */
#include "rules.h"

const golcl__ms_family_ops *golcl__ms_family_of(const golcl_msrule *r) {
  if (r->family == GOLCL_MS_RULELOADER) return &golcl__ms_tree_ops;
  if (golcl__ms_is_jvn(r->family)) return &golcl__ms_jvn_ops;
  if (r->family == GOLCL_MS_LTL) return &golcl__ms_ltl_ops;
  return &golcl__ms_generations_ops;
}
