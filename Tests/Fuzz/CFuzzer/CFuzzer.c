// Declarations only (include/CFuzzer.h): libFuzzer itself comes from the sanitizer runtime.
#include "CFuzzer.h"
