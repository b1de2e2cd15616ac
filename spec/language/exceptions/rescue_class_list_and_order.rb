def risky(kind)
  case kind
  when 1 then raise ArgumentError, "bad arg"
  when 2 then raise TypeError, "bad type"
  when 3 then raise NameError, "bad name"
  when 4 then raise "plain"
  end
  "no error"
end

[1, 2, 3, 4, 5].each do |k|
  result = begin
    risky(k)
  rescue ArgumentError, TypeError => e
    "first clause: #{e.class}"
  rescue NameError => e
    "second clause: #{e.class}"
  rescue StandardError => e
    "catch-all: #{e.class} #{e.message}"
  end
  puts result
end
