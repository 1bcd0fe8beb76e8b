within Modelica;
package Constants "Mathematical constants, machine-dependent constants and physical constants (SI, CODATA 2018)"
  import Modelica.Units.SI;

  // Mathematical constants, written as literals so that no function needs evaluating
  final constant Real e = 2.7182818284590452354 "Euler's number, base of the natural logarithm";
  final constant Real pi = 3.14159265358979323846 "Ratio of a circle's circumference to its diameter";
  final constant Real D2R(final unit="rad/deg") = pi/180 "Factor converting degrees to radians";
  final constant Real R2D(final unit="deg/rad") = 180/pi "Factor converting radians to degrees";
  final constant Real gamma = 0.57721566490153286061 "Euler-Mascheroni constant";

  // Machine-dependent constants (IEEE 754 double precision, with the margins the standard library uses)
  final constant Real eps = 1.0e-15 "Largest number such that 1.0 + eps = 1.0 may be assumed";
  final constant Real small = 1.0e-60 "Smallest number such that small and -small are representable";
  final constant Real inf = 1.0e60 "Largest number such that inf and -inf are representable";
  final constant Integer Integer_inf = 2147483647 "Largest Integer such that Integer_inf and -Integer_inf are representable";

  // Physical constants (exact values of the 2019 SI redefinition where they exist)
  final constant SI.Velocity c = 299792458 "Speed of light in vacuum";
  final constant SI.Acceleration g_n = 9.80665 "Standard acceleration of gravity on earth";
  final constant Real G(final unit="m3/(kg.s2)") = 6.67430e-11 "Newtonian constant of gravitation";
  final constant SI.ElectricCharge q = 1.602176634e-19 "Elementary charge";
  final constant Real h(final unit="J.s") = 6.62607015e-34 "Planck constant";
  final constant Real k(final unit="J/K") = 1.380649e-23 "Boltzmann constant";
  final constant Real N_A(final unit="1/mol") = 6.02214076e23 "Avogadro constant";
  final constant Real F(final unit="C/mol") = q*N_A "Faraday constant";
  final constant Real R(final unit="J/(mol.K)") = k*N_A "Molar gas constant";
  final constant Real sigma(final unit="W/(m2.K4)") = 2*pi^5*k^4/(15*h^3*c^2) "Stefan-Boltzmann constant";
  final constant Real mu_0(final unit="N/A2") = 4*pi*1.00000000055e-7 "Magnetic constant";
  final constant Real epsilon_0(final unit="F/m") = 1/(mu_0*c*c) "Electric constant";
  final constant Real T_zero(final unit="degC") = -273.15 "Absolute zero temperature, in degrees Celsius";
  annotation (Documentation(info="<html>
<p>Constants used throughout the library. The machine constants are deliberately conservative
(they are not the IEEE limits) so that expressions such as <code>x &gt; eps</code> stay robust.</p>
</html>"));
end Constants;
