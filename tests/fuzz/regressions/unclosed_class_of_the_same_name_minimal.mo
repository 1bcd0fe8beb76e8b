model A
model A
  annotation(x = 1);
end A;
