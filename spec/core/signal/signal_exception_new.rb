p SignalException.new("INT")
p SignalException.new(:SIGHUP).message
p SignalException.new("TERM").signo
p SignalException.new(15).message
p SignalException.new(10, "custom").message
p SignalException.new(64).message
p SignalException.new(2).signm
p Interrupt.new.message, Interrupt.new.signo
p Interrupt.new("stop").message
p Interrupt.ancestors.take(3)
[[], ["INT", 1], ["FOO"], ["-INT"], [99], [-1], ["EXIT"], [Object.new], [2, "a", "b"]].each do |args|
  SignalException.new(*args)
rescue ArgumentError, TypeError => e
  p [args.size, e.class, e.message.sub(/0x\h+/, "0x")]
end
