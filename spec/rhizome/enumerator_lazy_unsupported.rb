# Enumerator::Lazy is not supported: a clear NotImplementedError.
p [1, 2].each_slice(1).to_a
[1, 2].lazy
