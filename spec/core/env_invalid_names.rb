# ENV with names and values the C library cannot take: a NUL byte is an
# ArgumentError, a name that is empty or has `=` in it cannot be set
# (Errno::EINVAL, as setenv says) and is simply absent otherwise. Found by
# the cargo-fuzz target (setting ENV["TZ"] to a value with NUL bytes
# panicked).
def try
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

try { ENV["RZ_SPEC\0X"] = "x" }
try { ENV["RZ_SPEC_A"] = "x\0y" }
try { ENV["TZ"] = "bb\1\0\0bbJST-9" }
try { ENV["RZ_SPEC=B"] = "x" }
try { ENV[""] = "x" }
try { ENV.store("", "x") }
try { ENV["RZ_SPEC\0"] = nil }
try { p ENV["RZ_SPEC\0"] }
try { p ENV.fetch("RZ_SPEC\0") }
try { ENV.delete("RZ_SPEC\0") }
try { ENV["RZ_SPEC=B"] = nil; p :removed_nothing }
try { ENV[""] = nil; p :removed_nothing }
p ENV.delete(""), ENV.delete("RZ_SPEC=B")
p ENV[""], ENV["RZ_SPEC=B"], ENV.key?(""), ENV.key?("RZ_SPEC=B")
p ENV.fetch("", 5)
try { ENV["RZ_SPEC_A"] = 1 }
ENV.store("RZ_SPEC_A", "1=2")
p ENV["RZ_SPEC_A"], ENV.delete("RZ_SPEC_A"), ENV["RZ_SPEC_A"]
