within Modelica.Blocks;
package Types "Types and enumerations shared by the blocks"
  type Init = enumeration(
      NoInit "No initialization (start values are used as guess values with fixed=false)",
      SteadyState "Steady state initialization (derivatives of states are zero)",
      InitialState "Initialization with initial states",
      InitialOutput "Initialization with initial outputs (and steady state of the states if possible)")
    "Enumeration defining the initialization of a continuous block";
end Types;
