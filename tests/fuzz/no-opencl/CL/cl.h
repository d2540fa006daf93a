/* cl.h — a stand-in that fails: the fuzz target is built with this folder
 * first on the include path, so that the pattern parsers (and the core they
 * use) are proven to compile without the OpenCL headers. */
#error "the pattern parsers must compile without OpenCL headers (see lib/core/host.h)"
