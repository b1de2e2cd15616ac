# Arity and type errors of String methods, as MRI words them.
[
  -> { "abc".center },
  -> { "abc".ljust(1, 2, 3) },
  -> { "abc".length(1) },
  -> { "abc"[] },
  -> { "abc"[1, 2, 3] },
  -> { "abc".slice! },
  -> { "abc".index },
  -> { "abc".insert(1) },
  -> { "abc".tr("a") },
  -> { "abc".count },
  -> { "abc".chomp(1, 2) },
  -> { "abc".split(",", 1, 2) },
  -> { "abc".upto },
  -> { "abc" + :sym },
  -> { "abc" << 1.5 },
  -> { "abc".center("10") },
  -> { "abc" * 2**70 },
  -> { "abc"[2**70] },
  -> { "abc".center(1e30) },
  -> { "abc".start_with?(nil) },
  -> { "abc".replace(3) },
  -> { "abc".prepend(nil) },
  -> { "abc".casecmp },
  -> { "abc".each_char(1) }
].each do |f|
  begin
    f.call
    p :no_error
  rescue => e
    p [e.class, e.message]
  end
end
