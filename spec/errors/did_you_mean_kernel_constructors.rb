# Kernel's Rational and Complex exist as private methods (rhizome's raise
# NotImplementedError), so did_you_mean offers them as MRI does
# (differential fuzzer, seed 2 program 2290).
p respond_to?(:Complex, true), respond_to?(:Rational, true), respond_to?(:Complex)
begin
  compute_31("a b c", 0, 0, "hello")
rescue StandardError => e
  puts(e)
end
begin
  rationl(1)
rescue NoMethodError => e
  puts e.message
end
