# Empty matches move on by one character.
p "abc".scan(//), "abc".scan(/x*/), "abc".scan(/b*/), "".scan(//)
p "日本".scan(//), "aaa".scan(/a*?/)
