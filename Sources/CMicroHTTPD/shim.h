// Fixed-argument wrappers over libmicrohttpd's variadic and macro-based API,
// so SegueHTTP can call them from Swift. Everything here is prefixed `cmhd_`.
#ifndef CMHD_SHIM_H
#define CMHD_SHIM_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <microhttpd.h>
#include <sys/eventfd.h>
#include <poll.h>

/// Daemon flags for a daemon driven by SegueHTTP's own loop thread (one daemon per thread,
/// all sharing one listening socket): epoll, the inter-thread channel (resume and quiesce wake
/// the loop) and suspend/resume.
static const unsigned int CMHD_FLAGS_LOOP =
    MHD_USE_EPOLL | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME;
static const unsigned int CMHD_FLAG_IPV6 = MHD_USE_IPv6;
static const unsigned int CMHD_FLAG_TURBO = MHD_USE_TURBO;
static const unsigned int CMHD_FLAG_ERROR_LOG = MHD_USE_ERROR_LOG;

/// `*req_cls` of a request whose target is longer, or has more query arguments, than the
/// server takes: the access handler answers it 414 on its first call.
#define CMHD_TARGET_REFUSED ((void *)(uintptr_t)0x2)

/// Packs the target limits for `cmhd_target_guard`: bytes in the low 32 bits, query arguments
/// in the high 32 bits.
static inline uintptr_t
cmhd_target_limits(uint32_t max_target_bytes, uint32_t max_query_arguments)
{
  return (uintptr_t)max_target_bytes | ((uintptr_t)max_query_arguments << 32);
}

/// libmicrohttpd's URI log callback, called with the request target once the request line is
/// read and before the query is split into arguments. libmicrohttpd 0.9.75 keeps each argument
/// in the connection's small memory pool and, when the pool runs out, loses track of the
/// request and closes the connection without an answer; a long target can leave too little of
/// the pool to build any answer. A target over the limits is marked refused (its req_cls) and
/// its query emptied in place (libmicrohttpd parses it from the byte after '?', right after
/// this call), so it costs the pool nothing and gets a 414.
static inline void *
cmhd_target_guard(void *cls, const char *uri, struct MHD_Connection *connection)
{
  (void)connection;
  uintptr_t limits = (uintptr_t)cls;
  size_t max_bytes = (size_t)(limits & 0xFFFFFFFFu);
  size_t max_arguments = (size_t)(limits >> 32);
  size_t length = 0;
  size_t arguments = 0;
  char *query = NULL;
  for (const char *p = uri; *p; p++, length++)
  {
    if ('?' == *p && NULL == query) { query = (char *)p; arguments = 1; }
    else if ('&' == *p && NULL != query) arguments++;
  }
  if (length <= max_bytes && arguments <= max_arguments)
    return NULL;
  if (NULL != query)
    query[1] = '\0';
  return CMHD_TARGET_REFUSED;
}

static enum MHD_Result
cmhd_add_head_bytes(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
  (void)kind;
  size_t *total = (size_t *)cls;
  /* The text of the line, and libmicrohttpd's record of it in the pool (about 64 bytes). */
  *total += (key ? strlen(key) : 0) + (value ? strlen(value) : 0) + 4 + 64;
  return MHD_YES;
}

/// Whether the request's head may occupy more than `limit` bytes of the connection's memory
/// pool: its target, header lines and query arguments with libmicrohttpd's record of each.
/// A short head answers at once from its size (a record per 2 bytes at most, as `a&a&…`, each
/// under 64 bytes); a longer one is measured value by value.
static inline int
cmhd_request_head_exceeds(struct MHD_Connection *connection, const char *url, size_t limit)
{
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
  if (NULL != info && info->header_size * 33 <= limit)
    return 0;
  size_t total = (url ? strlen(url) : 0) + 32;
  MHD_get_connection_values(connection, MHD_HEADER_KIND | MHD_GET_ARGUMENT_KIND | MHD_COOKIE_KIND,
                            cmhd_add_head_bytes, &total);
  return total > limit;
}

/// Writes `size` bytes of a complete answer straight to the connection's socket (the caller
/// then returns MHD_NO, which closes the connection). For an answer libmicrohttpd could not
/// build: 0.9.75 needs room in the connection's memory pool for a response header, and a
/// request whose head fills the pool leaves none (it closes such connections without a word).
/// Returns whether every byte was written.
static inline int
cmhd_answer_directly(struct MHD_Connection *connection, const char *data, size_t size)
{
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (NULL == info)
    return 0;
  ssize_t sent = send(info->connect_fd, data, size, MSG_NOSIGNAL);
  return sent == (ssize_t)size;
}

/// Shuts a connection's socket down both ways: libmicrohttpd sees it closed on its next pass
/// and lets the connection go (there is no call to close one from outside).
static inline void
cmhd_shutdown_connection(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (NULL != info)
    shutdown(info->connect_fd, SHUT_RDWR);
}

/// A client address as a key for counting connections (the port left out): an IPv6 address's
/// 16 bytes, an IPv4 address as its IPv4-mapped IPv6 form, so both spellings count as one.
typedef struct { uint64_t high; uint64_t low; } cmhd_address_key;

/// The connection's client address as a key; returns 0 when it is unknown.
static inline int
cmhd_client_address(struct MHD_Connection *connection, cmhd_address_key *key)
{
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (NULL == info || NULL == info->client_addr)
    return 0;
  unsigned char bytes[16] = { 0 };
  if (AF_INET == info->client_addr->sa_family)
  {
    const struct sockaddr_in *v4 = (const struct sockaddr_in *)info->client_addr;
    bytes[10] = 0xff;
    bytes[11] = 0xff;
    memcpy(bytes + 12, &v4->sin_addr, 4);
  }
  else if (AF_INET6 == info->client_addr->sa_family)
  {
    const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)info->client_addr;
    memcpy(bytes, &v6->sin6_addr, 16);
  }
  else
    return 0;
  memcpy(&key->high, bytes, 8);
  memcpy(&key->low, bytes + 8, 8);
  return 1;
}

/// Writes an address key as text into `out`: an IPv4(-mapped) address dotted, an IPv6 address
/// its /64 prefix (the rest zeroed, so one host's many addresses count as one); returns 0 when
/// `out` is too small.
static inline int
cmhd_address_key_text(const cmhd_address_key *key, char *out, socklen_t size)
{
  unsigned char bytes[16];
  memcpy(bytes, &key->high, 8);
  memcpy(bytes + 8, &key->low, 8);
  static const unsigned char mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
  if (0 == memcmp(bytes, mapped, 12))
    return NULL != inet_ntop(AF_INET, bytes + 12, out, size);
  memset(bytes + 8, 0, 8);
  return NULL != inet_ntop(AF_INET6, bytes, out, size);
}

/// What is wrong with the first request of a new connection, judged from the bytes that came with
/// it (`cmhd_first_request_fault`). libmicrohttpd 0.9.75 treats these before any callback of the
/// server runs: it closes the connection without a word, or answers with its status line twice.
enum {
  /// Nothing found: the head is sound so far, or not all in yet (libmicrohttpd reads it).
  CMHD_FIRST_SOUND = 0,
  /// A request line without a space, or with an empty method (closed without an answer).
  CMHD_FIRST_BAD_LINE = 1,
  /// A `Content-Length` that is not one decimal number, such as `2, 2` (answered twice).
  CMHD_FIRST_BAD_LENGTH = 2,
  /// A `Content-Length` past 2^64 - 1 (answered 413 twice).
  CMHD_FIRST_LENGTH_OVERFLOW = 3,
  /// No end of the head within the limit (libmicrohttpd answers with its own page).
  CMHD_FIRST_HEAD_TOO_LARGE = 4,
  /// No end of the request line within the limit (libmicrohttpd answers with its own page).
  CMHD_FIRST_LINE_TOO_LONG = 5,
};

/// The next line of `data` from `*at` (without its LF and a CR before it): its start and length,
/// or NULL when no LF ends it yet.
static inline const char *
cmhd_next_line(const char *data, size_t size, size_t *at, size_t *length)
{
  const char *start = data + *at;
  const char *lf = memchr(start, '\n', size - *at);
  if (NULL == lf)
    return NULL;
  size_t end = (size_t)(lf - data);
  *at = end + 1;
  *length = (size_t)(lf - start);
  if (*length > 0 && '\r' == start[*length - 1])
    (*length)--;
  return start;
}

/// How libmicrohttpd 0.9.75 reads a `Content-Length` value (blanks before it skipped): one or
/// more digits and nothing else, within 64 bits.
static inline int
cmhd_length_fault(const char *value, size_t length)
{
  size_t i = 0;
  while (i < length && (' ' == value[i] || '\t' == value[i]))
    i++;
  if (i == length)
    return CMHD_FIRST_BAD_LENGTH;
  uint64_t total = 0;
  for (; i < length; i++)
  {
    if (value[i] < '0' || value[i] > '9')
      return CMHD_FIRST_BAD_LENGTH;
    uint64_t digit = (uint64_t)(value[i] - '0');
    if (total > (UINT64_MAX - digit) / 10)
      return CMHD_FIRST_LENGTH_OVERFLOW;
    total = total * 10 + digit;
  }
  return CMHD_FIRST_SOUND;
}

/// The fault of the head at the start of `data` (see `CMHD_FIRST_…`), when it is complete; a
/// head with no end within `limit` bytes is too large.
static inline int
cmhd_head_fault(const char *data, size_t size, size_t limit)
{
  size_t at = 0;
  size_t length = 0;
  const char *line;
  /* libmicrohttpd skips empty lines before the request line. */
  while (NULL != (line = cmhd_next_line(data, size, &at, &length)) && 0 == length)
    ;
  if (NULL == line)
    return size >= limit ? CMHD_FIRST_LINE_TOO_LONG : CMHD_FIRST_SOUND;
  if (NULL == memchr(line, ' ', length) || ' ' == line[0])
    return CMHD_FIRST_BAD_LINE;
  int fault = CMHD_FIRST_SOUND;
  int chunked = 0;
  while (NULL != (line = cmhd_next_line(data, size, &at, &length)) && 0 != length)
  {
    const char *colon = memchr(line, ':', length);
    if (NULL == colon)
      continue;
    size_t name = (size_t)(colon - line);
    if (17 == name && 0 == strncasecmp(line, "Transfer-Encoding", 17))
      chunked = 1;
    if (14 == name && 0 == strncasecmp(line, "Content-Length", 14) && CMHD_FIRST_SOUND == fault)
      fault = cmhd_length_fault(colon + 1, length - name - 1);
  }
  if (NULL == line)
    return size >= limit ? CMHD_FIRST_HEAD_TOO_LARGE : CMHD_FIRST_SOUND;
  /* With Transfer-Encoding libmicrohttpd never reads Content-Length (the server refuses both). */
  return chunked ? CMHD_FIRST_SOUND : fault;
}

/// The fault of a new connection's first request (`CMHD_FIRST_…`), from the bytes already
/// received, peeked at (left for libmicrohttpd to read): the listening socket defers accepting a
/// connection until its first bytes arrive (`cmhd_defer_accept`), so a request sent at once is
/// there. A head longer than `limit` bytes is too large. Bytes that are not all in yet, or a
/// sound head, give `CMHD_FIRST_SOUND`.
static inline int
cmhd_first_request_fault(struct MHD_Connection *connection, size_t limit)
{
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (NULL == info || 0 == limit)
    return CMHD_FIRST_SOUND;
  char onStack[4096];
  ssize_t got = recv(info->connect_fd, onStack, sizeof onStack, MSG_PEEK | MSG_DONTWAIT);
  if (got <= 0)
    return CMHD_FIRST_SOUND;
  if ((size_t)got < sizeof onStack || sizeof onStack >= limit)
    return cmhd_head_fault(onStack, (size_t)got, limit);
  /* A full buffer: look at up to the limit. */
  char *buffer = malloc(limit);
  if (NULL == buffer)
    return CMHD_FIRST_SOUND;
  got = recv(info->connect_fd, buffer, limit, MSG_PEEK | MSG_DONTWAIT);
  int fault = got > 0 ? cmhd_head_fault(buffer, (size_t)got, limit) : CMHD_FIRST_SOUND;
  free(buffer);
  return fault;
}

/// Reads and drops what the client has sent so far (so closing the socket sends no reset that
/// could destroy the answer before the client reads it).
static inline void
cmhd_drain_connection(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  if (NULL == info)
    return;
  char scratch[4096];
  for (int i = 0; i < 64; i++)
    if (recv(info->connect_fd, scratch, sizeof scratch, MSG_DONTWAIT) <= 0)
      return;
}

/// Defers accepting a connection on the listening socket until its first bytes arrive (at most
/// `seconds`; Linux's TCP_DEFER_ACCEPT), so `cmhd_first_request_fault` sees a request sent at once.
static inline void
cmhd_defer_accept(struct MHD_Daemon *daemon, int seconds)
{
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
  if (NULL != info && info->listen_fd >= 0)
    setsockopt(info->listen_fd, IPPROTO_TCP, TCP_DEFER_ACCEPT, &seconds, sizeof seconds);
}

/// Sets one connection's inactivity timeout (seconds; 0 = none).
static inline void
cmhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds)
{
  MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

/// Start a daemon run by the caller's loop (`cmhd_run_wait`): it binds `bind_addr`
/// when `listen_fd` is negative, else it accepts on `listen_fd` (another daemon's socket).
static inline struct MHD_Daemon *
cmhd_start_loop_daemon(unsigned int flags,
                       uint16_t port,
                       const struct sockaddr *bind_addr,
                       int listen_fd,
                       MHD_AccessHandlerCallback handler,
                       void *handler_cls,
                       unsigned int connection_limit,
                       int strict_for_client,
                       unsigned int timeout_seconds,
                       size_t memory_limit,
                       MHD_RequestCompletedCallback completed,
                       void *completed_cls,
                       MHD_NotifyConnectionCallback notify,
                       void *notify_cls,
                       uintptr_t target_limits)
{
  size_t pool = (size_t)(memory_limit ? memory_limit : 32 * 1024);
  if (listen_fd >= 0)
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_STRICT_FOR_CLIENT, strict_for_client,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, pool,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, cmhd_target_guard, (void *)target_limits,
                            MHD_OPTION_END);
  return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                          MHD_OPTION_SOCK_ADDR, bind_addr,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_STRICT_FOR_CLIENT, strict_for_client,
                          MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                          MHD_OPTION_CONNECTION_MEMORY_LIMIT, pool,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                          MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
                          MHD_OPTION_URI_LOG_CALLBACK, cmhd_target_guard, (void *)target_limits,
                          MHD_OPTION_END);
}

/// The daemon's epoll descriptor (poll it for readiness), or -1.
static inline int
cmhd_epoll_fd(struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
  return info ? info->epoll_fd : -1;
}

/// The daemon's listening socket, or -1.
static inline int
cmhd_listen_fd(struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
  return info ? (int)info->listen_fd : -1;
}

/// The port the daemon is bound to (useful when started on port 0); 0 on failure.
static inline uint16_t
cmhd_bind_port(struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}

/// Number of currently open connections (all threads).
static inline unsigned int
cmhd_current_connections(struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
  return info ? info->num_connections : 0;
}

/// Iterate over the request headers.
static inline int
cmhd_each_header(struct MHD_Connection *connection,
                 MHD_KeyValueIterator iterator, void *cls)
{
  return MHD_get_connection_values(connection, MHD_HEADER_KIND, iterator, cls);
}

/// Iterate over the URL query (GET) arguments, in order. Values may be NULL.
static inline int
cmhd_each_query_argument(struct MHD_Connection *connection,
                         MHD_KeyValueIterator iterator, void *cls)
{
  return MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, iterator, cls);
}

/// The raw Content-Length request header, or NULL.
static inline const char *
cmhd_content_length(struct MHD_Connection *connection)
{
  return MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
                                     MHD_HTTP_HEADER_CONTENT_LENGTH);
}

static enum MHD_Result
cmhd_count_content_length(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
  (void)kind;
  (void)value;
  if (NULL != key && 0 == strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH))
    (*(unsigned int *)cls)++;
  return MHD_YES;
}

/// How many Content-Length request headers came (more than one is refused).
static inline unsigned int
cmhd_content_length_count(struct MHD_Connection *connection)
{
  unsigned int count = 0;
  MHD_get_connection_values(connection, MHD_HEADER_KIND, cmhd_count_content_length, &count);
  return count;
}

/// What is wrong with a request's head beyond what libmicrohttpd checks (a bit set of these).
enum {
  /// A header name that is not a token (RFC 9110, 5.1): blanks before the colon, separators.
  CMHD_HEAD_BAD_NAME = 1,
  /// HTTP/1.1 without a Host header, or a Host header twice.
  CMHD_HEAD_BAD_HOST = 2,
  /// The parsed headers do not account for every byte of the head: a folded (obs-fold) line,
  /// a NUL byte in a value, or a line starting with NUL (which libmicrohttpd takes for the end
  /// of the head, leaving the rest to run as another request).
  CMHD_HEAD_UNACCOUNTED_BYTES = 4,
};

static inline int
cmhd_is_token(const char *name)
{
  if ('\0' == *name)
    return 0;
  for (const unsigned char *p = (const unsigned char *)name; *p; p++)
  {
    unsigned char c = *p;
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
      continue;
    if (NULL == strchr("!#$%&'*+-.^_`|~", c))
      return 0;
  }
  return 1;
}

/// The walk over a head's headers: libmicrohttpd 0.9.75 parses the head in place in its read
/// buffer (each CR and LF becomes a NUL, each first colon too) and keeps pointers to each name
/// and value there, in order. So every header line must start right after the previous line's
/// one or two NULs, with its value right after its name's NUL and blanks; anything else means
/// bytes the parsed headers do not show.
struct cmhd_head_walk
{
  const char *cursor; /* the first NUL ending the previous line */
  const char *end;    /* the end of the head */
  int problems;
  unsigned int hosts;
};

static inline int
cmhd_follows_line_end(const char *cursor, const char *next)
{
  return (next == cursor + 1 && '\0' == cursor[0])
         || (next == cursor + 2 && '\0' == cursor[0] && '\0' == cursor[1]);
}

static enum MHD_Result
cmhd_walk_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
  (void)kind;
  struct cmhd_head_walk *walk = (struct cmhd_head_walk *)cls;
  if (NULL == key)
    return MHD_YES;
  if (!cmhd_is_token(key))
    walk->problems |= CMHD_HEAD_BAD_NAME;
  if (0 == strcasecmp(key, MHD_HTTP_HEADER_HOST))
    walk->hosts++;
  if (NULL == walk->cursor || NULL == value)
    return MHD_YES;
  const char *colon = key + strlen(key);
  const char *start = colon + 1;
  while (start < value && (' ' == *start || '\t' == *start))
    start++;
  if (!cmhd_follows_line_end(walk->cursor, key) || colon >= walk->end || start != value)
  {
    walk->problems |= CMHD_HEAD_UNACCOUNTED_BYTES;
    walk->cursor = NULL;
    return MHD_YES;
  }
  walk->cursor = value + strlen(value);
  return MHD_YES;
}

/// The problems of the request head whose request line starts at `method`, with the HTTP
/// version string `version` (the access handler's arguments), as `CMHD_HEAD_…` bits. The byte
/// walk is made only with libmicrohttpd 0.9.75, whose buffer layout it reads.
static inline int
cmhd_head_problems(struct MHD_Connection *connection, const char *method, const char *version)
{
  struct cmhd_head_walk walk = { NULL, NULL, 0, 0 };
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
#if MHD_VERSION == 0x00097500
  if (NULL != info && NULL != method && NULL != version
      && version > method && version < method + info->header_size)
  {
    walk.cursor = version + strlen(version);
    walk.end = method + info->header_size;
  }
#else
  (void)info;
  (void)method;
#endif
  MHD_get_connection_values(connection, MHD_HEADER_KIND, cmhd_walk_header, &walk);
  if (NULL != walk.cursor)
  {
    /* The last line's end, then the empty line's: two to four NULs, nothing else. */
    ptrdiff_t rest = walk.end - walk.cursor;
    int blank = rest >= 2 && rest <= 4;
    for (const char *p = walk.cursor; blank && p < walk.end; p++)
      blank = '\0' == *p;
    if (!blank)
      walk.problems |= CMHD_HEAD_UNACCOUNTED_BYTES;
  }
  int http11 = NULL != version && 0 == strcmp(version, MHD_HTTP_VERSION_1_1);
  if (walk.hosts > 1 || (http11 && 0 == walk.hosts))
    walk.problems |= CMHD_HEAD_BAD_HOST;
  return walk.problems;
}

/// Drops a request's `Expect: 100-continue` (its value is emptied in place, where libmicrohttpd
/// keeps it). libmicrohttpd 0.9.75 sends its interim 100 whether or not a body follows, and a
/// request without a body, with another request behind it on the connection, then gets no
/// answer at all; with no body there is nothing to continue, so the server drops the expectation
/// for such requests and answers them as any other.
static inline void
cmhd_forget_continue(struct MHD_Connection *connection)
{
  const char *expect = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_EXPECT);
  if (NULL != expect && 0 == strcasecmp(expect, "100-continue"))
    ((char *)expect)[0] = '\0';
}

/// The raw Transfer-Encoding request header, or NULL.
static inline const char *
cmhd_transfer_encoding(struct MHD_Connection *connection)
{
  return MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
                                     MHD_HTTP_HEADER_TRANSFER_ENCODING);
}

/// A response that owns a private copy of `size` bytes at `data`.
static inline struct MHD_Response *
cmhd_response_copying(const void *data, size_t size)
{
  static const char empty[1] = { 0 };
  return MHD_create_response_from_buffer(size, (void *)(size ? data : empty),
                                         MHD_RESPMEM_MUST_COPY);
}

/// Adds a header from two UTF-8 byte runs that need not end in NUL (a Swift string's bytes, read
/// without copying): the bytes are terminated in a stack buffer, so no allocation is made beyond
/// libmicrohttpd's own copies. A name or value holding a NUL byte is refused (MHD_NO), as
/// libmicrohttpd refuses CR and LF.
static inline enum MHD_Result
cmhd_add_header(struct MHD_Response *response, const char *name, size_t nameLength,
                const char *value, size_t valueLength)
{
  char onStack[512];
  size_t needed = nameLength + valueLength + 2;
  if ((nameLength && memchr(name, 0, nameLength) != NULL)
      || (valueLength && memchr(value, 0, valueLength) != NULL))
    return MHD_NO;
  char *buffer = needed <= sizeof onStack ? onStack : malloc(needed);
  if (buffer == NULL) return MHD_NO;
  if (nameLength) memcpy(buffer, name, nameLength);
  buffer[nameLength] = 0;
  if (valueLength) memcpy(buffer + nameLength + 1, value, valueLength);
  buffer[nameLength + 1 + valueLength] = 0;
  enum MHD_Result result = MHD_add_response_header(response, buffer, buffer + nameLength + 1);
  if (buffer != onStack) free(buffer);
  return result;
}

/// Whether a connection notification says the connection started (else it closed).
static inline int
cmhd_notice_is_start(enum MHD_ConnectionNotificationCode code)
{
  return code == MHD_CONNECTION_NOTIFY_STARTED;
}

static inline enum MHD_Result cmhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result cmhd_no(void) { return MHD_NO; }

#endif /* CMHD_SHIM_H */
