// SegueHTTP — module overview
//
// # SegueHTTP
//
// The HTTP/1.1 layer of Segue: a small server over **libmicrohttpd** (0.9.75,
// through the `CMicroHTTPD` system-library target). Requests in, responses out;
// it knows nothing about sessions, pages, flows or the JSON API — those live in
// `SegueServer`, which implements `HTTPResponder`.
//
// ## What this module owns
//
// - **Daemon lifecycle** — `HTTPServer.start()` binds `configuration.host:port`
//   (IPv4 literal, `localhost`, `0.0.0.0`, or an IPv6 literal) with
//   `MHD_OPTION_SOCK_ADDR`, runs `threads` loop threads of its own, each driving
//   one libmicrohttpd daemon in external-epoll mode (the first binds the socket,
//   the others accept on it, as libmicrohttpd's own pool does), applies the
//   connection limit (shared out between the threads), per-IP limit (per
//   thread), idle timeout and per-connection memory pool, and reads the real port back
//   (`MHD_DAEMON_INFO_BIND_PORT`) for port 0. Failures throw `HTTPServerError`;
//   as error logging is off, a bind failure is diagnosed with a probe socket
//   (`.bindFailed(…, reason: "Address already in use")`).
// - **Graceful stop** — `stop()` quiesces (stops accepting), waits up to
//   `shutdownGraceSeconds` for in-flight requests (headers received, not yet
//   completed), then `MHD_stop_daemon`; idempotent, also run by `deinit`. A
//   stopped server can be started again.
// - **Request assembly** — the C access handler (a nonisolated
//   `@convention(c)` function; the responder travels through `void *cls` as a
//   retained `Unmanaged` box) follows libmicrohttpd's call protocol:
//   first call = headers only, mark the request started (never queue there —
//   0.9.75 would then close every keep-alive connection); middle calls =
//   accumulate the body and set `*upload_data_size = 0`; last call
//   (`*upload_data_size == 0`) = build `HTTPRequest`, call the responder, queue.
//   Body-less requests allocate no per-request state (a marker pointer sits in
//   `*req_cls`); `MHD_OPTION_NOTIFY_COMPLETED` frees whatever was allocated.
// - **Request values** — method (+ exact spelling), percent-decoded path without
//   query, ordered query arguments and headers (names lower-cased) gathered
//   with `MHD_get_connection_values` and C iterators, and the body as `[UInt8]`.
// - **Body limit** — bodies over `maxBodyBytes` (announced by Content-Length,
//   or discovered while reading a chunked body) get
//   `413 {"error":{"code":"payload_too_large","message":"…"}}` and the responder
//   is not called. Headers larger than the memory pool get libmicrohttpd's 431.
// - **Every request gets a status line** — libmicrohttpd 0.9.75 keeps the request
//   line, each header and each query argument in the connection's small memory
//   pool, and when that pool is exhausted, or so full that no response header
//   fits, it closes the connection without a word. So: a URI log callback
//   (`cmhd_target_guard`, run before the query is split) refuses targets over
//   `maxTargetBytes` or `maxQueryArguments` and empties their query in place;
//   those, and heads that leave less than 1.5 KiB of the pool free, get a fixed
//   414/431 written straight to the socket, and the connection closes.
// - **Transfer codings** — a `Transfer-Encoding` that does not end in `chunked`
//   (the body's end is unknowable) and one beside `Content-Length` get 400 on the
//   first call, a coding before `chunked` 501 (RFC 9112 §6): no waiting for a
//   body until the timeout.
// - **Responses** — `MHD_create_response_from_buffer(…, MHD_RESPMEM_MUST_COPY)`
//   plus `MHD_add_response_header`; libmicrohttpd computes framing
//   (`Content-Length`/`Transfer-Encoding` set by the responder are ignored),
//   adds `Date`, handles `Expect: 100-continue`, and sends no body for HEAD.
// - **The loop and `afterEachPass`** — each loop thread polls its daemon's
//   epoll descriptor and its own eventfd (`LoopWaker`: in external mode
//   libmicrohttpd has no wake-up channel of its own), runs one pass
//   (`MHD_run_wait(d, 0)`), then calls `configuration.afterEachPass`, if set:
//   work batched over the requests of a pass (the SQLite store's group commit)
//   is done there, on the same thread, with no other thread to wake.
// - **Deferred responses** — a responder that cannot answer yet (the answer may
//   only go out once a write is durable) returns `.deferred(d)`. With an
//   `afterEachPass` hook the connection first waits for the end of the pass
//   unsuspended: without a response libmicrohttpd keeps it ready and calls the
//   handler again in the next pass, which answers if `d` is complete by then.
//   Otherwise (and always without a hook) the connection is suspended
//   (`MHD_suspend_connection`, daemon flag `MHD_ALLOW_SUSPEND_RESUME`) and its
//   thread serves other connections; `d.complete(_:)` on any thread resumes it
//   and wakes its loop, and libmicrohttpd calls the handler again, which queues
//   the response. Completing before the suspension answers at once. `stop()`
//   answers deferred responses still waiting after the grace period with 503
//   (libmicrohttpd aborts if stopped with a suspended connection).
//
// ## Threading
//
// The responder runs on the server's loop threads, concurrently, with no
// actor hops or locks added on the hot path (one relaxed atomic increment per
// request for the in-flight count). It must be `Sendable` and should not block
// for long: a blocked responder holds one loop thread and all the connections
// that thread serves. Work that waits (on a disk, a database) belongs behind a
// deferred response.
//
// ## The C shim
//
// `Sources/CMicroHTTPD/shim.h` wraps what Swift cannot call directly:
// `cmhd_start_loop_daemon` (variadic `MHD_start_daemon` with a fixed option list),
// `cmhd_bind_port` / `cmhd_listen_fd` / `cmhd_epoll_fd` / `cmhd_current_connections`
// (variadic `MHD_get_daemon_info`),
// `cmhd_each_header` / `cmhd_each_query_argument` / `cmhd_content_length`,
// `cmhd_response_copying`, and `cmhd_yes()` / `cmhd_no()`.

// (This file holds documentation only; the code is in HTTPServer.swift and HTTPTypes.swift.)
