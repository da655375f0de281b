#include <git2.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one wrapper per option used. */
static inline int dynatype_git_set_owner_validation(int enabled) {
    return git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, enabled);
}
