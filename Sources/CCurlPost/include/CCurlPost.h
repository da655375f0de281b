#ifndef DYNATYPE_CCURLPOST_H
#define DYNATYPE_CCURLPOST_H

#include <stddef.h>

/// How a POST ended: the HTTP status (0 when none arrived), libcurl's result
/// code (0 for success) and its message.
typedef struct {
    long status;
    int code;
    char message[256];
} dynatype_post_result;

/// Asked now and then during the transfer; non-zero abandons it.
typedef int (*dynatype_post_cancelled)(void *context);

/// POSTs `body` to `url` with the given "Name: value" headers, giving up
/// after `timeout_seconds`. The response body is never kept: the transfer
/// ends at its first bytes, and headers past `max_header_bytes` end it too,
/// so an endless response costs a few kilobytes.
void dynatype_post(const char *url, const char *const *headers, size_t header_count, const void *body, size_t body_length,
                   double timeout_seconds, size_t max_header_bytes, dynatype_post_cancelled cancelled, void *context,
                   dynatype_post_result *result);

#endif
