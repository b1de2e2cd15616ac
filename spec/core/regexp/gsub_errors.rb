# Replacement errors: unknown group names and bad references.
[-> { "ab".gsub(/(?<x>a)/, '\k<y>') },
 -> { "ab".gsub(/a/, '\k<x') },
 -> { "ab".sub(/a/) },
 -> { "ab".gsub(/a/, 1) }].each do |f|
  begin
    p f.call
  rescue => e
    p [e.class, e.message]
  end
end
