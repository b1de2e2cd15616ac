def call_it(a, *rest, key: nil, **others, &blk)
  "a=#{a} rest=#{rest} key=#{key.inspect} others=#{others} blk=#{blk ? blk.call(a) : nil}"
end

puts call_it(1)
puts call_it(1, 2, key: :k)
puts call_it(1, other: 5) { |a| a * 100 }
puts(call_it(*[1, 2], **{ key: 3 }) { |a| "b#{a}" })
