// The kernel's id of the calling thread, which setpriority(2) takes to
// change one thread's priority on Linux; glibc hides gettid() behind
// _GNU_SOURCE, which Swift's Glibc module does not define.
#include <sys/syscall.h>
#include <unistd.h>

static inline pid_t dynatype_current_thread_id(void) {
    return (pid_t)syscall(SYS_gettid);
}
