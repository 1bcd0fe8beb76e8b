// Pass `relations` (backend/events): finds the relations that generate events (MLS 3.7.5,
// 8.5) and freezes them. Rewrites comparisons in equations into expr::Op::Relation nodes and
// fills System::relations; never adds or removes variables or equations.
#pragma once

#include "mocc/dae/system.h"

namespace mocc::backend::events {

/// A comparison generates an event when it is not inside noEvent() and one of its operands
/// is continuous-time (depends on time, a state, a derivative or an algebraic variable).
/// `time op T` with T discrete-time becomes a scheduled time event; every other one is a
/// state event located as a root of lhs - rhs. Relations in when-clause bodies and asserts
/// are evaluated literally (they are only evaluated at events anyway).
void findRelations(dae::System& system);

} // namespace mocc::backend::events
