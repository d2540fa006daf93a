# apidoc.awk — makes the API reference (Markdown) from the public headers:
# each /** ... */ comment with the declaration that follows it, and each
# "/* ---- name */" banner as a section. Used by `make docs`.
function flush_decl() {
  if (decl != "") {
    gsub(/GOLCL_API /, "", decl)
    if (!whole) gsub(/[ \t]+/, " ", decl)
    printf "```c\n%s\n```\n\n%s\n\n", decl, doc
  }
  decl = ""; doc = ""; whole = 0
}
BEGIN { in_doc = 0; want_decl = 0; whole = 0; prose = 0; after_banner = 0 }
# A plain /* ... */ comment right after a banner is the section's prose.
prose {
  line = $0; sub(/^[ \t]*\/?\*[ ]?/, "", line)
  if ($0 ~ /\*\//) { sub(/[ ]*\*\/.*/, "", line); prose = 0 }
  print line
  if (!prose) print ""
  next
}
after_banner && /^\/\* / && !/^\/\*\*/ {
  after_banner = 0; prose = 1
  line = $0; sub(/^\/\* /, "", line)
  if (line ~ /\*\//) { sub(/[ ]*\*\/.*/, "", line); prose = 0 }
  print line
  if (!prose) print ""
  next
}
after_banner && !/^[ \t]*$/ { after_banner = 0 }
# A struct or enum is shown whole, its member comments included.
whole {
  decl = decl "\n" $0
  if ($0 ~ /^}/) { want_decl = 0; flush_decl() }
  next
}
FNR == 1 { printf "\n# %s\n\n", FILENAME }
/^\/\* -+ [a-z]/ {
  flush_decl(); name = $0; sub(/^\/\* -+ /, "", name); sub(/ \*\/.*/, "", name)
  printf "## %s\n\n", name; after_banner = 1; next
}
/^[ \t]*\/\*\*/ && !in_doc {
  flush_decl(); in_doc = 1; doc = ""
  line = $0; sub(/^[ \t]*\/\*\*[ ]?/, "", line)
  if (line ~ /\*\//) { sub(/[ ]*\*\/.*/, "", line); in_doc = 0; want_decl = 1 }
  doc = line; next
}
in_doc {
  line = $0; sub(/^[ \t]*\*[ ]?/, "", line)
  if ($0 ~ /\*\//) { sub(/[ ]*\*\/.*/, "", line); in_doc = 0; want_decl = 1 }
  doc = doc (doc == "" ? "" : "\n") line; next
}
want_decl && /^[ \t]*$/ { want_decl = 0; next }
want_decl && /^typedef (struct|enum).*{[ \t]*$/ { decl = $0; whole = 1; next }
# Preprocessor lines between a comment and its declaration are not shown;
# a static inline function is shown as its prototype.
want_decl && /^#/ { next }
want_decl && /^static inline .*\) \{[ \t]*$/ {
  line = $0; sub(/^static inline /, "", line); sub(/ \{[ \t]*$/, ";", line)
  decl = decl (decl == "" ? "" : "\n") line; want_decl = 0; flush_decl(); next
}
want_decl {
  line = $0; sub(/\/\*.*\*\//, "", line)
  decl = decl (decl == "" ? "" : "\n") line
  if ($0 ~ /;[ \t]*(\/\*.*)?$/ || $0 ~ /^}/) { want_decl = 0; flush_decl() }
  next
}
END { flush_decl() }
