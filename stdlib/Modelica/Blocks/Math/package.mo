within Modelica.Blocks;
package Math "Blocks for mathematical operations on signals"
end Math;
