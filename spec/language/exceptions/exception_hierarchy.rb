[StandardError, RuntimeError, ArgumentError, TypeError, NameError, NoMethodError,
 ZeroDivisionError, FloatDomainError, IndexError, KeyError, RangeError, StopIteration,
 FrozenError, NotImplementedError, SystemStackError, LocalJumpError, IOError,
 UncaughtThrowError].each do |k|
  chain = [k]
  chain << chain.last.superclass while chain.last != Exception
  puts chain.join(" < ")
end
p Errno::ENOENT.superclass
