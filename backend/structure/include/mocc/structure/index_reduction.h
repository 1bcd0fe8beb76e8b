// Pass `pantelides` (backend/structure): index reduction. First the structure is checked
// (each variable with all its derivatives counts once): an under- or over-determined model is
// reported with the variables no equation can determine and the equations left over. Then
// Pantelides' algorithm (structure/pantelides.h) marks the equations to differentiate; they
// are differentiated symbolically (EquationOrigin::Differentiated) with new derivative
// variables (der(der(x)), der(y) for an algebraic y, which becomes kind State). Finally dummy
// derivatives are selected (Mattsson and Soederlind 1993) honouring stateSelect, statically
// where one safe choice exists and through dynamic state sets (System::stateSets) where none
// does. Adds variables and equations; never removes any.
#pragma once

#include "mocc/dae/system.h"
#include "mocc/support/diagnostics.h"

namespace mocc::backend::structure {

/// Index reduction of the continuous part of `system`: equations that define a Boolean,
/// Integer or internal variable alone on one side, and equations with no continuous
/// variable, are discrete and never differentiated; variables computed by when-clauses count
/// as piecewise constant. Returns false after reporting errors (structurally singular model,
/// an equation that cannot be differentiated, for example a call of a function without a
/// derivative annotation).
bool reduceIndex(dae::System& system, Diagnostics& diagnostics);

/// The dummy-derivative step alone (called by reduceIndex once the equations are
/// differentiated; usable on a system built by hand). Reads the chains of
/// Equation::differentiatedFrom and Variable::derivative; sets Variable::dummy and adds
/// state sets. Returns false after reporting an error.
bool selectDummyDerivatives(dae::System& system, Diagnostics& diagnostics);

} // namespace mocc::backend::structure
