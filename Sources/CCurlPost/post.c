// libcurl's options are set through a variadic function, which Swift cannot
// call: this file sets them, for the one request the daemon makes.
#include "CCurlPost.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_once_t initialized = PTHREAD_ONCE_INIT;
static void initialize(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

typedef struct {
    size_t header_bytes;
    size_t max_header_bytes;
    dynatype_post_cancelled cancelled;
    void *context;
} transfer;

// The status is known once the headers are in: the first body bytes end the transfer.
static size_t discard_body(char *data, size_t size, size_t count, void *user) {
    (void)data; (void)size; (void)count; (void)user;
    return 0;
}

static size_t count_headers(char *data, size_t size, size_t count, void *user) {
    (void)data;
    transfer *state = user;
    state->header_bytes += size * count;
    return state->header_bytes > state->max_header_bytes ? 0 : size * count;
}

static int progress(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow) {
    (void)dltotal; (void)dlnow; (void)ultotal; (void)ulnow;
    transfer *state = user;
    return state->cancelled != NULL && state->cancelled(state->context) ? 1 : 0;
}

void dynatype_post(const char *url, const char *const *headers, size_t header_count, const void *body, size_t body_length,
                   double timeout_seconds, size_t max_header_bytes, dynatype_post_cancelled cancelled, void *context,
                   dynatype_post_result *result) {
    pthread_once(&initialized, initialize);
    memset(result, 0, sizeof *result);
    CURL *curl = curl_easy_init();
    if (curl == NULL) {
        result->code = CURLE_FAILED_INIT;
        snprintf(result->message, sizeof result->message, "libcurl could not start a request");
        return;
    }
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < header_count; index++) list = curl_slist_append(list, headers[index]);
    transfer state = {0, max_header_bytes, cancelled, context};
    char error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, (long)(timeout_seconds * 1000));
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_BUFFERSIZE, 1024L);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard_body);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, count_headers);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &state);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &state);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
    // Ending the transfer at the body is how it is meant to end.
    result->code = code == CURLE_WRITE_ERROR && result->status != 0 && state.header_bytes <= max_header_bytes ? CURLE_OK : (int)code;
    if (result->code != CURLE_OK) {
        const char *text = error[0] != '\0' ? error : curl_easy_strerror(code);
        if (code == CURLE_WRITE_ERROR) text = "the response's headers are too long";
        snprintf(result->message, sizeof result->message, "%s", text);
    }
    curl_slist_free_all(list);
    curl_easy_cleanup(curl);
}
