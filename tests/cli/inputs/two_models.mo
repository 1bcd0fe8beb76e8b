model First
  Real x = time;
end First;

model Second
  Real y = 2 * time;
end Second;
