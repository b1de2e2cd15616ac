# trap and kill refuse what MRI refuses, with its messages.
def try
  yield
rescue ArgumentError, TypeError, SystemCallError => e
  p [e.class, e.message.sub(/0x\h+/, "0x")]
end
%w[KILL STOP].each { |name| try { Signal.trap(name) { } } }
%w[SEGV BUS ILL FPE VTALRM].each { |name| try { Signal.trap(name) { } } }
try { Signal.trap("FOO") { } }
try { Signal.trap(:SIGFOO) { } }
try { Signal.trap("SIG") { } }
try { Signal.trap("-HUP") { } }
try { Signal.trap("HUP\0") { } }
try { Signal.trap(65) { } }
try { Signal.trap(-1) { } }
try { Signal.trap(Object.new) { } }
try { Signal.trap(1.5) { } }
try { Signal.trap(:HUP) }
try { Process.kill(:FOO, $$) }
try { Process.kill("-FOO", $$) }
try { Process.kill(1.5, $$) }
try { Process.kill(:EXIT, $$) }
try { Process.kill(:USR1) }
try { Process.kill(0, 2**22 + 12345) }
try { Process.kill(:HUP, "1") }
