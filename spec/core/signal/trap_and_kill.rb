# Signal.trap's commands and what it returns; Process.kill to the process
# itself runs the handler before kill returns.
p Signal.trap(:USR1) { |signo| puts "block got #{signo}" }
p Process.kill(:USR1, Process.pid)
puts "after kill"

handler = proc { |signo| puts "proc got #{Signal.signame(signo)}" }
p Signal.trap("SIGUSR1", handler).class
p Process.kill("USR1", $$)
p Signal.trap("USR1", "DEFAULT").equal?(handler)

class Handler
  def on_signal(signo) = puts("method got #{signo}")
end
Signal.trap(:HUP, Handler.new.method(:on_signal))
Process.kill(:HUP, $$)

callable = Object.new
def callable.call(signo) = puts("callable got #{signo}")
Signal.trap(:HUP, callable)
Process.kill(:SIGHUP, $$)

late = Object.new
Signal.trap(:HUP, late)
def late.call(signo) = puts("late callable got #{signo}")
Process.kill(:HUP, $$)

# Every way of ignoring, and what trap reports afterwards.
p Signal.trap(:HUP, :IGNORE).equal?(late)
Process.kill(:HUP, $$)
puts "HUP ignored"
p Signal.trap(:HUP, "SIG_IGN")
p Signal.trap(:HUP, "")
p Signal.trap(:HUP, nil)
p Signal.trap(:HUP, :SIG_DFL)
p Signal.trap(:HUP, "SYSTEM_DEFAULT")
p Signal.trap(:HUP, :DEFAULT)
p Signal.trap("PROF", "DEFAULT")
p Signal.trap(12, "EXIT")
p Signal.trap(12, "DEFAULT")
p trap("INT") { }
p trap("INT", "DEFAULT").class

# A handler's exception comes out of the call that took the signal.
Signal.trap(:USR2) { raise "from the handler" }
begin
  Process.kill(:USR2, $$)
  puts "not reached"
rescue => e
  p [e.class, e.message]
end

# Ruby's default actions raise.
Signal.trap(:USR2, "DEFAULT")
[:TERM, :USR2, :ALRM, :QUIT].each do |name|
  Process.kill(name, $$)
rescue SignalException => e
  p [e.class, e.message, e.signo, e.signm]
end
begin
  Process.kill(:INT, $$)
rescue Interrupt => e
  p [e.class, e.message, e.signo]
end
p Process.kill(0, $$, $$)
