// libbrotli's one-shot encoder and decoder (RFC 7932), as Swift sees them.
#ifndef CBROTLI_SHIM_H
#define CBROTLI_SHIM_H

#include <brotli/encode.h>
#include <brotli/decode.h>

#endif /* CBROTLI_SHIM_H */
