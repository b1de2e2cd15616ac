# Process.clock_gettime: the units MRI knows, monotonic time moving
# forward, and errors.
m = Process::CLOCK_MONOTONIC
p Process::CLOCK_REALTIME, m, Process::CLOCK_PROCESS_CPUTIME_ID, Process::CLOCK_THREAD_CPUTIME_ID
%i[float_second float_millisecond float_microsecond second millisecond microsecond nanosecond].each do |unit|
  p [unit, Process.clock_gettime(m, unit).class]
end
a = Process.clock_gettime(m)
b = Process.clock_gettime(m)
p a.class, b >= a
p Process.clock_gettime(m, nil).class, Process.clock_gettime(:GETTIMEOFDAY_BASED_CLOCK_REALTIME).class
p (Process.clock_gettime(Process::CLOCK_REALTIME, :second) - Time.now.to_i).abs <= 1
def try
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
try { Process.clock_gettime(m, :foo) }
try { Process.clock_gettime(m, "second") }
try { Process.clock_gettime(:foo) }
try { Process.clock_gettime(12_345) }
try { Process.clock_gettime("x") }
