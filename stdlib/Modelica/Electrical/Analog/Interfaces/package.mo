within Modelica.Electrical.Analog;
package Interfaces "Pins and partial models of analog components"
end Interfaces;
