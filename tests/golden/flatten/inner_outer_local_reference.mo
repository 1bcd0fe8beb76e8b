// An element declared `inner outer` is two (MLS 5.4): the components inside its class see the
// inner one, which its modifier defines; references local to the class mean the outer one,
// the inner element of the enclosing instance. StateGraph's composite steps pass suspend and
// resume down this way and connect their own port to the enclosing root.
model InnerOuterLocalReference
  model Root
    Real level = 0;
    Real seen;
  end Root;
  model Leaf
    outer Root root;
    Real copy = root.level;
  end Leaf;
  model Composite
    inner outer Root root(level = 2);
    Leaf leaf;
    Real enclosing = root.level;
  equation
    root.seen = 3;
  end Composite;
  inner Root root(level = 1);
  Composite composite;
equation
  composite.root.seen = 4;
end InnerOuterLocalReference;
// The leaf sees the composite's inner root (level 2); the composite itself reads and
// completes the enclosing root (level 1).
// CHECK: Real root.level = 1;
// CHECK: Real composite.root.level = 2;
// CHECK: Real composite.leaf.copy = composite.root.level;
// CHECK: Real composite.enclosing = root.level;
// CHECK: equation
// CHECK:   root.seen = 3;
// CHECK:   composite.root.seen = 4;
