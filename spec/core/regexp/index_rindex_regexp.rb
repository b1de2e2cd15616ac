# index and rindex with a Regexp (positions in characters).
p "hello".index(/l/), "hello".index(/l/, 3), "hello".index(/z/), "héllo".index(/l/), "hello".index(/l/, -2)
p "hello".rindex(/l/), "hello".rindex(/l/, 2), "hello".rindex(/h/, 0), "héllo".rindex(/l/), "hello".rindex(/z/)
p "hello".index(/ll/), $~[0], "hello".index(/x/, 10)
p "abcabc".rindex(/b./), $~
