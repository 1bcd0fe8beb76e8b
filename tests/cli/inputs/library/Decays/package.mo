package Decays "A directory package for qualified class names on the library path"
end Decays;
