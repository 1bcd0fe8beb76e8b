within Modelica.Blocks;
package Interfaces "Connectors and partial base blocks"
end Interfaces;
