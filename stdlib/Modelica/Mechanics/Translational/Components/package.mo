within Modelica.Mechanics.Translational;
package Components "Translational components: fixed point, mass, spring, damper, gap"
end Components;
