# Argument errors of sub and gsub.
[
  -> { "hello".sub("l") },
  -> { "hello".sub },
  -> { "hello".gsub },
  -> { "hello".sub(nil, "x") },
  -> { "hello".gsub(1, "x") },
  -> { "hello".sub("l", 1) },
  -> { "hello".sub("l", nil) },
  -> { "hello".sub!("l") }
].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message]
  end
end
