# `ruby2_keywords` is not supported: it raises NotImplementedError (at the
# top level and in a module body), which a program can rescue.
class Wrapper
  begin
    ruby2_keywords def forward(*args) = args
  rescue NotImplementedError => e
    p e.message
  end
end
p Wrapper.new.forward(1, k: 2)
ruby2_keywords def top(*args) = args
