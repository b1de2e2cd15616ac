# Integer#to_s/abs/divmod and String#rjust/ljust/center called from
# compiled code with Integers and Strings run without their frames; when
# they fail they raise as MRI reports it, from their own frame.

def money(cents)
  whole, frac = cents.abs.divmod(100)
  "#{cents < 0 ? '-' : ''}#{whole.to_s(10)}.#{frac.to_s.rjust(2, '0')}|#{'x'.ljust(3, '.')}|#{'y'.center(5, '*')}"
end

def split(a, b) = a.divmod(b)
def pad(s, width, with) = s.rjust(width, with)
def base(n, b) = n.to_s(b)

out = nil
3000.times { |i| out = money(i * 37 - 50_000) }
p out
p money(-(2**62))
p [split(7, 2), split(-7, 2), split(2**70, 3)]
p [pad("ab", 5, "-"), base(255, 16)]
3000.times { |i| split(i, 3); pad("a", 3, "b"); base(i, 2) }
[-> { split(1, 0) }, -> { pad("a", 3, "") }, -> { base(1, 99) }, -> { split(1, "2") }].each do |failing|
  failing.call
rescue StandardError => e
  puts "#{e.class}: #{e.message}"
  puts e.backtrace.first(2)
end
# spec: skip-mode gc-stress 5.9 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
