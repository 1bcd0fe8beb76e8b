// Pass `relations` (backend/events): finds the relations that generate events (MLS 3.7.5,
// 8.5) and freezes them. Rewrites comparisons in equations and algorithm statements into
// expr::Op::Relation nodes and fills System::relations. The event-generating functions
// floor, ceil, integer, div, mod and rem of continuous-time arguments in equations (MLS
// 3.7.1.1) become hidden discrete variables ($floorN, $integerN), each with an equation of its
// own watched by two relations; nothing else is added or removed.
#pragma once

#include "mocc/dae/system.h"

namespace mocc::backend::events {

/// A comparison generates an event when it is not inside noEvent() and one of its operands
/// is continuous-time (depends on time, a state, a derivative or an algebraic variable).
/// `time op T` with T discrete-time becomes a scheduled time event; every other one is a
/// state event located as a root of lhs - rhs. Relations in when-clause bodies and asserts
/// are evaluated literally (they are only evaluated at events anyway). Algorithm statements
/// are treated like equations (assignments and if-conditions outside when-statements);
/// function bodies are never touched: relations inside functions are evaluated literally.
void findRelations(dae::System& system);

} // namespace mocc::backend::events
