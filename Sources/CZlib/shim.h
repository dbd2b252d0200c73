// zlib's gzip format behind two fixed-argument calls (deflateInit2 and inflateInit2 are macros
// Swift cannot call). Everything here is prefixed `czlib_`.
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <zlib.h>

/// The most bytes `czlib_gzip` writes for `size` input bytes.
static inline size_t
czlib_gzip_bound(size_t size)
{
  /* deflateBound's zlib-wrapper estimate, plus the gzip header and trailer's extra 12 bytes. */
  return (size_t)compressBound((uLong)size) + 32;
}

/// Compresses `size` bytes at `in` into the gzip format (RFC 1952) at `out`, which holds
/// `*out_size` bytes (at least `czlib_gzip_bound(size)`); sets `*out_size` to the bytes written.
/// `level` is 1 (fast) to 9 (small). Returns 0 on success.
static inline int
czlib_gzip(const uint8_t *in, size_t size, uint8_t *out, size_t *out_size, int level)
{
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return -1;
  stream.next_in = (Bytef *)in;
  stream.avail_in = (uInt)size;
  stream.next_out = out;
  stream.avail_out = (uInt)*out_size;
  int result = deflate(&stream, Z_FINISH);
  *out_size = (size_t)stream.total_out;
  deflateEnd(&stream);
  return result == Z_STREAM_END ? 0 : -1;
}

/// Decompresses gzip (or zlib) data at `in` into `out` (`*out_size` bytes); sets `*out_size` to
/// the bytes written. Returns 0 on success, 1 when `out` is too small, -1 when the data is bad.
static inline int
czlib_gunzip(const uint8_t *in, size_t size, uint8_t *out, size_t *out_size)
{
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (inflateInit2(&stream, 15 + 32) != Z_OK)
    return -1;
  stream.next_in = (Bytef *)in;
  stream.avail_in = (uInt)size;
  stream.next_out = out;
  stream.avail_out = (uInt)*out_size;
  int result = inflate(&stream, Z_FINISH);
  *out_size = (size_t)stream.total_out;
  inflateEnd(&stream);
  if (result == Z_STREAM_END)
    return 0;
  return (result == Z_BUF_ERROR && stream.avail_out == 0) ? 1 : -1;
}

#endif /* CZLIB_SHIM_H */
