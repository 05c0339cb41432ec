// What every engine file (engine_*.cpp) includes before its lane backend's code: the standard
// headers and the library's shared headers (kinds.h: the same in every build), so that they are
// compiled for the baseline target even in a file whose kernels are compiled for AVX2, and no
// inline function the builds share ever holds an AVX2 instruction.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "detail/field_params.h"
#include "detail/row_source.h"
#include "exact_pow.h"
#include "field.h"
#include "kinds.h"
#include "landscape_fill.h"
#include "schema.h"

// The shared headers above must hold no lane code: it would be compiled for the baseline target
// and in the default backend's namespace before the engine file picks its own.
#ifdef NF_LANES_INCLUDED
#error "a shared header included lanes.h: the engine files' backends would not be their own"
#endif
