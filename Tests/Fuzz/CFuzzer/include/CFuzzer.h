// libFuzzer's driver, linked in by `-sanitize=fuzzer` (compiler-rt's FuzzerInterface.h).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
