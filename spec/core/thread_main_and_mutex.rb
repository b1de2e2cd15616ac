# One thread runs: Thread.current and Thread.main are it, with its
# fiber-local and thread variables, name and flags; a Mutex keeps its rules.
t = Thread.current
p t.class, Thread.main.equal?(t), Thread.report_on_exception, Thread.abort_on_exception
t[:a] = 1
p t[:a], t["a"], t.key?(:a), t.key?("a"), t.keys
begin; t[1]; rescue => e; p e.class, e.message; end

p t.alive?, t.status, t.name, t.stop?
t.name = "main_thread"
p t.name
p Thread.current.thread_variable_get(:x)
t.thread_variable_set(:x, 2)
p t.thread_variable?(:x), t.thread_variables, t.thread_variable_get("x")
p Thread.list.size, Thread.list.first.equal?(t)
p t.inspect.sub(/0x\h+/, "XX"), t.to_s.sub(/0x\h+/, "XX")
Thread.report_on_exception = false
p Thread.report_on_exception
p t.report_on_exception, t.abort_on_exception
m = Mutex.new
p m.locked?
p m.synchronize { m.locked? }
p m.locked?
m.lock
begin; m.lock; rescue ThreadError => e; p e.message; end
m.unlock
begin; m.unlock; rescue ThreadError => e; p e.message; end
p m.try_lock, m.try_lock, m.owned?
m.unlock
begin
  m.synchronize { raise "inside" }
rescue => e
  p e.message, m.locked?
end
p Thread::Mutex.equal?(Mutex), ThreadError.superclass, ThreadError.ancestors.include?(StandardError)
p Thread.pass
begin; t.join; rescue ThreadError => e; p e.message; end
[1, nil, 2.5].each do |k|
  [-> { t[k] = 1 }, -> { t.thread_variable_set(k, 1) }, -> { t.thread_variable_get(k) }, -> { t.key?(k) }, -> { t[k] }].each do |f|
    f.call
  rescue TypeError => e
    p e.message
  end
end
[true, 1, :sym].each do |name|
  t.name = name
rescue TypeError => e
  p e.message
end
t.name = "main"
p t.name
t.name = nil
p t.name
