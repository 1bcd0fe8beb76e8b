// The arithmetic of sample(start, interval) shared by event_update (is a sample instant now?)
// and next_time_event (when is the next one?). Sample instants are start + k*interval for
// k = 0, 1, ..., always computed in exactly that form, so both sides agree bit for bit.
#pragma once

#include "module_context.h"

namespace mocc::backend::jit {

/// i1 at the builder's position: with k = round((time - start) / interval), k >= 0 and
/// start + k*interval == time.
llvm::Value* emitSampleActive(ModuleContext& module, llvm::Value* start, llvm::Value* interval,
                              llvm::Value* time);

/// double at the builder's position: the first sample instant strictly after `time`: `start`
/// when time < start, else start + k*interval for the smallest such k >= 0. +infinity when the
/// interval is not positive, when time is not finite, when k would pass 2^53 (consecutive
/// instants no longer differ) or when 2^20 adjustment steps do not reach an instant after
/// `time` (start and interval so far apart in magnitude that the instants do not advance).
llvm::Value* emitNextSampleTime(ModuleContext& module, llvm::Value* start, llvm::Value* interval,
                                llvm::Value* time);

} // namespace mocc::backend::jit
