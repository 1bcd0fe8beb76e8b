within Modelica.Mechanics.Rotational;
package Components "Rotational components: fixed flange, inertia, spring, damper, ideal gear"
end Components;
