# Dir.pwd, ENV and Process.
p Dir.pwd == File.expand_path("."), Dir.exist?("."), Dir.exist?("no_such_dir")
p ENV["HOME"].is_a?(String), ENV["RHIZOME_NO_SUCH_VARIABLE"]
p ENV.fetch("RHIZOME_NO_SUCH_VARIABLE", "fallback"), ENV.fetch("RHIZOME_NO_SUCH_VARIABLE") { |k| k.downcase }
begin
  ENV.fetch("RHIZOME_NO_SUCH_VARIABLE")
rescue KeyError => e
  p e.message
end
ENV["RHIZOME_SPEC_VAR"] = "set"
p ENV["RHIZOME_SPEC_VAR"], ENV.key?("RHIZOME_SPEC_VAR"), ENV.to_h["RHIZOME_SPEC_VAR"]
p ENV.delete("RHIZOME_SPEC_VAR"), ENV["RHIZOME_SPEC_VAR"]
p $$ == Process.pid, $$.is_a?(Integer)
t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
t2 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
p t1.class, t2 >= t1
p Process.clock_gettime(Process::CLOCK_MONOTONIC, :millisecond).class
p Process.clock_gettime(Process::CLOCK_MONOTONIC, :float_millisecond).class
p Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond) > 0
begin
  Process.clock_gettime(Process::CLOCK_MONOTONIC, :fortnight)
rescue ArgumentError => e
  p e.message
end
