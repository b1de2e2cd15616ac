# []= errors, as MRI reports them.
[
  -> { "abc"[4] = "x" },
  -> { "abc"[-4] = "x" },
  -> { "abc"[5..] = "x" },
  -> { "abc"[5...7] = "x" },
  -> { "abc"[-5..1] = "x" },
  -> { "abc"[1, -1] = "x" },
  -> { "abc"[4, 0] = "x" },
  -> { "abc"["z"] = "x" },
  -> { "abc"[0] = 1 },
  -> { "abc"[0] = nil },
  -> { "abc"[nil] = "x" },
  -> { "abc".freeze[0] = "x" }
].each do |f|
  begin
    f.call
    p :no_error
  rescue => e
    p [e.class, e.message]
  end
end
